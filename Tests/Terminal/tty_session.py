#!/usr/bin/env python3
"""Runs a command on a real pseudo-terminal, as a person at a terminal (or tmux) would.

    tty_session.py --cols 80 --rows 24 -- COMMAND [ARG...]  < steps.json

steps.json is a list of {"expect": TEXT, "send": TEXT}: wait (up to 10 s) until TEXT has
appeared since the last match, then type SEND ("\r" is Enter, "\u0003" is Ctrl-C, "\u0004"
Ctrl-D); a step with "signal": "TERM" sends SIGTERM instead. After the last step the output is
read until the command exits. Prints one JSON object: {"exit": CODE or null, "signal": NUMBER or
null, "transcript": TEXT, "timedOut": BOOL, "echo": BOOL, "canonical": BOOL}, the last two being
the terminal's modes once the command ended (a full-screen view must give them back).
Standard library only.
"""
import argparse, fcntl, json, os, pty, select, signal, struct, sys, termios, time

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cols", type=int, default=80)
    parser.add_argument("--rows", type=int, default=24)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    steps = json.load(sys.stdin)

    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", options.rows, options.cols, 0, 0))
        os.execvp(command[0], command)

    transcript, matched, timed_out = b"", 0, False

    def read(timeout):
        nonlocal transcript
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the command exited and the terminal closed
            return False
        if not chunk:
            return False
        transcript += chunk
        return True

    open_ = True
    for step in steps:
        wanted = step["expect"].encode()
        deadline = time.monotonic() + 10
        while open_ and transcript.find(wanted, matched) < 0 and time.monotonic() < deadline:
            open_ = read(0.2)
        position = transcript.find(wanted, matched)
        if position < 0:
            timed_out = True
            break
        matched = position + len(wanted)
        if step.get("signal") == "TERM":
            os.kill(pid, signal.SIGTERM)
        else:
            os.write(fd, step["send"].encode())

    deadline = time.monotonic() + 10
    while open_ and time.monotonic() < deadline:
        open_ = read(0.2)
    if open_:
        timed_out = True
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    try:
        modes = termios.tcgetattr(fd)[3]
        echo, canonical = bool(modes & termios.ECHO), bool(modes & termios.ICANON)
    except termios.error:
        echo = canonical = None
    print(json.dumps({
        "echo": echo,
        "canonical": canonical,
        "exit": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
        "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
        "transcript": transcript.decode("utf-8", "replace"),
        "timedOut": timed_out,
    }))

if __name__ == "__main__":
    main()
