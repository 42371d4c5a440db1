"""Frankfurter's API (api.frankfurter.app, v1 paths) serving made-up ECB reference rates, as
its code does (github.com/hakanensari/frankfurter: lib/web/versions/v1.rb, lib/quote, lib/query):

  GET /latest?from=USD&to=GBP               the last working day's rates, today included
  GET /YYYY-MM-DD?from=USD&to=GBP           that day's, or the last working day's before it
  GET /START..END?from=USD&to=GBP           each working day's from the last one on or before
  GET /START..?from=USD&to=GBP              START, through today
  (base= and symbols= are the older names of from= and to=; the default base is EUR)

  {"amount": 1.0, "base": "USD", "date": "2024-07-05", "rates": {"GBP": 0.78123}}
  {"amount": 1.0, "base": "USD", "start_date": "…", "end_date": "…", "rates": {"YYYY-MM-DD": {"GBP": …}}}

Working days are Monday to Friday except TARGET2's fixed holidays (1 January, 1 May, 25 and 26
December); rates begin on 1999-01-04. Cross rates are rounded as Frankfurter's Roundable rounds
them. No rates for what was asked: 404 {"message": "not found"}; the same currency both ways or
a malformed request: 422 {"message": "bad currency pair"}.
"""
import datetime
import re

DATE = re.compile(r"^/(\d{4}-\d{2}-\d{2})$")
RANGE = re.compile(r"^/(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})?$")
FIRST_DAY = datetime.date(1999, 1, 4)
# Euro reference rates, each drifting by a deterministic few tenths of a percent a day.
EURO_RATES = {"USD": 1.0850, "GBP": 0.8500, "JPY": 170.40, "CHF": 0.9600, "SEK": 11.420, "ILS": 4.0100,
              "ZAR": 20.110, "CAD": 1.4700, "AUD": 1.6200, "NOK": 11.650, "DKK": 7.4600, "PLN": 4.3200, "IDR": 17520.0}


def matches(path):
    return path == "/latest" or bool(DATE.match(path) or RANGE.match(path))


def working_day(day):
    return day.weekday() < 5 and (day.month, day.day) not in ((1, 1), (5, 1), (12, 25), (12, 26)) and day >= FIRST_DAY


def last_working_day(day):
    while not working_day(day):
        if day < FIRST_DAY:
            return None
        day -= datetime.timedelta(days=1)
    return day


def euro_rate(code, day):
    if code == "EUR":
        return 1.0
    drift = ((day.toordinal() * 7 + len(code) * 13 + ord(code[0])) % 21 - 10) / 2000
    return EURO_RATES[code] * (1 + drift)


def rounded(value):
    if value > 5000:
        return round(value)
    for limit, places in ((80, 2), (20, 3), (1, 4), (0.0001, 5)):
        if value > limit:
            return float("%.*f" % (places, value))
    return float("%.6f" % value)


def rates_on(day, base, symbols):
    targets = [code for code in (symbols or sorted(set(EURO_RATES) | {"EUR"})) if code != base]
    divisor = euro_rate(base, day)
    return {code: rounded(euro_rate(code, day) / divisor) for code in sorted(targets) if code in EURO_RATES or code == "EUR"}


def serve(handler, url, query):
    base = (query.get("from") or query.get("base") or ["EUR"])[0].upper()
    symbols = (query.get("to") or query.get("symbols") or [""])[0].upper()
    symbols = [code for code in symbols.split(",") if code] or None
    if symbols == [base]:
        return handler.send_json(422, {"message": "bad currency pair"})
    if base not in EURO_RATES and base != "EUR":
        return handler.send_json(404, {"message": "not found"})
    today = datetime.date.today()
    try:
        if url.path == "/latest" or DATE.match(url.path):
            day = today if url.path == "/latest" else datetime.date.fromisoformat(DATE.match(url.path).group(1))
            published = last_working_day(min(day, today)) if day <= today else None
            rates = rates_on(published, base, symbols) if published else {}
            if not rates:
                return handler.send_json(404, {"message": "not found"})
            return handler.send_json(200, {"amount": 1.0, "base": base, "date": published.isoformat(), "rates": rates})
        start_text, end_text = RANGE.match(url.path).groups()
        start = datetime.date.fromisoformat(start_text)
        end = min(datetime.date.fromisoformat(end_text) if end_text else today, today)
    except ValueError:
        return handler.send_json(422, {"message": "invalid date"})
    first = last_working_day(start) or FIRST_DAY
    series = {}
    day = first
    while day <= end:
        if working_day(day):
            rates = rates_on(day, base, symbols)
            if rates:
                series[day.isoformat()] = rates
        day += datetime.timedelta(days=1)
    if start > today or not series:
        return handler.send_json(404, {"message": "not found"})
    keys = list(series)
    handler.send_json(200, {"amount": 1.0, "base": base, "start_date": keys[0], "end_date": keys[-1], "rates": series})
