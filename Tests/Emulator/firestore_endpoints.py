"""Cloud Firestore's REST API for one collection, users/{uid}, as the options journal's web app
uses it (documents.get, and documents.patch with updateMask.fieldPaths and a currentDocument
precondition), with the rule that a signed-in user reads and writes only their own document.

  GET   /v1/projects/<p>/databases/(default)/documents/users/<uid>
  PATCH /v1/projects/<p>/databases/(default)/documents/users/<uid>
        ?updateMask.fieldPaths=a&updateMask.fieldPaths=m.`k-1`
        &currentDocument.updateTime=<time> | &currentDocument.exists=true|false
  Authorization: Bearer <idToken>

Errors look like Firestore's: {"error": {"code": 403, "message": "...", "status": "PERMISSION_DENIED"}}.
Values must be typed (stringValue, integerValue, doubleValue, booleanValue, nullValue,
timestampValue, mapValue, arrayValue); anything else is INVALID_ARGUMENT.
"""
import json
import select
import socket
import re
import time
from urllib.parse import parse_qs

DOCUMENT_PATH = re.compile(r"^/v1/projects/([^/]+)/databases/\(default\)/documents/users/([^/]+)$")
TYPES = {"stringValue", "integerValue", "doubleValue", "booleanValue", "nullValue", "timestampValue", "mapValue", "arrayValue", "referenceValue", "bytesValue"}


def matches(path):
    return path.startswith("/v1/projects/")


def error(handler, code, status, message):
    handler.send_json(code, {"error": {"code": code, "message": message, "status": status}})


def valid_value(value):
    if not isinstance(value, dict) or len(value) != 1:
        return False
    (kind, raw), = value.items()
    if kind not in TYPES:
        return False
    if kind == "integerValue":
        return isinstance(raw, (str, int)) and re.fullmatch(r"-?\d+", str(raw)) is not None
    if kind == "doubleValue":
        # proto3's JSON mapping writes the non-finite doubles as strings.
        return (isinstance(raw, (int, float)) and not isinstance(raw, bool)) or raw in ("NaN", "Infinity", "-Infinity")
    if kind == "mapValue":
        return isinstance(raw, dict) and all(valid_value(v) for v in raw.get("fields", {}).values())
    if kind == "arrayValue":
        return isinstance(raw, dict) and all(valid_value(v) for v in raw.get("values", []))
    return True


def split_path(path):
    """A field path's segments: dot-separated, a segment in backticks may hold anything (with \\` and \\\\)."""
    segments, i = [], 0
    while i < len(path):
        if path[i] == "`":
            j, segment = i + 1, ""
            while j < len(path) and path[j] != "`":
                if path[j] == "\\" and j + 1 < len(path):
                    j += 1
                segment += path[j]
                j += 1
            if j >= len(path):
                return None
            segments.append(segment)
            i = j + 1
        else:
            j = path.find(".", i)
            j = len(path) if j < 0 else j
            segment = path[i:j]
            if not re.fullmatch(r"[A-Za-z_][A-Za-z_0-9]*", segment):
                return None
            segments.append(segment)
            i = j
        if i < len(path):
            if path[i] != ".":
                return None
            i += 1
    return segments or None


def get_at(fields, segments):
    value = {"mapValue": {"fields": fields}}
    for segment in segments:
        children = value.get("mapValue", {}).get("fields", {}) if isinstance(value, dict) else {}
        if segment not in children:
            return None
        value = children[segment]
    return value


def set_at(fields, segments, value):
    for segment in segments[:-1]:
        child = fields.get(segment)
        if not (isinstance(child, dict) and "mapValue" in child):
            child = fields[segment] = {"mapValue": {"fields": {}}}
        fields = child["mapValue"].setdefault("fields", {})
    if value is None:
        fields.pop(segments[-1], None)
    else:
        fields[segments[-1]] = value


def timestamp(state):
    """Now, in microseconds, and always after the last write's."""
    micros = max(int(time.time() * 1_000_000), state.firestore_clock + 1)
    state.firestore_clock = micros
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(micros // 1_000_000)) + ".%06dZ" % (micros % 1_000_000)


def serve(handler, method, url, state, raw):
    match = DOCUMENT_PATH.match(url.path)
    if state.take_own_fault("firestore-silent"):
        # A server that takes the request and never answers (10 s at most): the client must give
        # up. How long it waited is kept for the tests.
        started = time.monotonic()
        connection = handler.connection
        while time.monotonic() - started < 10:
            readable, _, _ = select.select([connection], [], [], 0.05)
            if readable:
                try:
                    if not connection.recv(1, socket.MSG_PEEK):
                        break
                except OSError:
                    break
        with state.lock:
            state.silent_waits.append(round(time.monotonic() - started, 2))
        handler.close_connection = True
        return
    if method == "PATCH" and state.take_hold():
        # A writer delayed between its read and its write: held until /_control/release.
        with state.lock:
            state.held_writes += 1
        state.release.wait(30)
    with state.lock:
        header = handler.headers.get("Authorization", "")
        uid, problem = state.uid_for(header[len("Bearer "):] if header.startswith("Bearer ") else None)
        if uid is None:
            return error(handler, 401, "UNAUTHENTICATED", "Request had invalid authentication credentials. " + problem)
        if match is None:
            return error(handler, 404, "NOT_FOUND", "no such collection")
        if match.group(2) != uid:
            return error(handler, 403, "PERMISSION_DENIED", "Missing or insufficient permissions.")
        fault = state.take_fault("firestore")
        if fault and fault["fault"] in ("401", "403", "500"):
            return error(handler, int(fault["fault"]), "INTERNAL", "injected " + fault["fault"])
        project = match.group(1)
        documents = state.firestore.setdefault(project, {})
        name = "projects/%s/databases/(default)/documents/users/%s" % (project, uid)
        current = documents.get(uid)
        if method == "GET":
            if current is None:
                return error(handler, 404, "NOT_FOUND", "No document to get. Path: " + name)
            return handler.send_json(200, dict(current, name=name))
        if method != "PATCH":
            return error(handler, 400, "INVALID_ARGUMENT", "only GET and PATCH are served")
        query = parse_qs(url.query)
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            return error(handler, 400, "INVALID_ARGUMENT", "Invalid JSON payload received.")
        fields = body.get("fields", {}) if isinstance(body, dict) else None
        if not isinstance(fields, dict) or not all(valid_value(v) for v in fields.values()):
            return error(handler, 400, "INVALID_ARGUMENT", "Invalid value in fields.")
        if "currentDocument.exists" in query:
            wanted = query["currentDocument.exists"][0] == "true"
            if wanted and current is None:
                return error(handler, 404, "NOT_FOUND", "No document to update: " + name)
            if not wanted and current is not None:
                return error(handler, 409, "ALREADY_EXISTS", "Document already exists: " + name)
        if "currentDocument.updateTime" in query and (current is None or current["updateTime"] != query["currentDocument.updateTime"][0]):
            return error(handler, 400, "FAILED_PRECONDITION", "the stored version does not match the required base version.")
        paths = query.get("updateMask.fieldPaths")
        stamp = timestamp(state)
        document = {"fields": json.loads(json.dumps(current["fields"])) if current else {}, "createTime": current["createTime"] if current else stamp}
        if paths is None:
            document["fields"] = fields
        else:
            for path in paths:
                segments = split_path(path)
                if segments is None:
                    return error(handler, 400, "INVALID_ARGUMENT", "Invalid property path \"%s\"." % path)
                set_at(document["fields"], segments, get_at(fields, segments))
        document["updateTime"] = stamp
        documents[uid] = document
        state.firestore_writes.append({"paths": paths, "uid": uid})
        state.save()
        return handler.send_json(200, dict(document, name=name))
