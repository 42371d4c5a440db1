#!/usr/bin/env python3
"""Reads a beancount file the way beancount's own tools do and prints, as JSON, what a spec
compares with `invest`'s figures:

    {"errors": [...], "accounts": {ACCOUNT: {"units": {COMMODITY: "n"}, "cost": {CUR: "n"}}},
     "value": "n"}    # every Assets account at market value, converted to BASE

The figures come from beanquery (a bean-query SELECT run through its Python API, so the numbers
stay exact Decimals rather than the rounded text its table prints).

    beancount_totals.py FILE BASE
"""
import json, sys

from beancount import loader
import beanquery


def exact(number):
    """A Decimal as plain digits, without the trailing zeros beancount's arithmetic leaves."""
    return format(number.normalize(), "f")


def main():
    path, base = sys.argv[1], sys.argv[2]
    entries, errors, options = loader.load_file(path)
    connection = beanquery.connect("beancount:", entries=entries, errors=errors, options=options)
    accounts = {}
    cursor = connection.execute(
        "SELECT account, sum(units(position)) AS units, sum(cost(position)) AS cost WHERE account ~ '^Assets:' GROUP BY account")
    for account, units, cost in cursor.fetchall():
        accounts[account] = {
            "units": {position.units.currency: exact(position.units.number) for position in units if position.units.number != 0},
            "cost": {position.units.currency: exact(position.units.number) for position in cost if position.units.number != 0},
        }
    cursor = connection.execute(f"SELECT sum(convert(value(position), '{base}')) AS value WHERE account ~ '^Assets:'")
    (inventory,) = cursor.fetchone()
    value = [position.units for position in inventory]
    print(json.dumps({
        "errors": [f"{error.source.get('lineno') if error.source else '?'}: {error.message}" for error in errors],
        "accounts": accounts,
        "value": exact(value[0].number) if len(value) == 1 and value[0].currency == base else repr(value),
    }, sort_keys=True))


if __name__ == "__main__":
    main()
