"""Summarise a CSV of expenses by category."""
from __future__ import annotations

import csv
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Expense:
    category: str
    amount: float

    @classmethod
    def from_row(cls, row: dict[str, str]) -> "Expense":
        return cls(row["category"].strip().lower(), float(row["amount"]))


def summarise(path: Path) -> dict[str, float]:
    totals: dict[str, float] = defaultdict(float)
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                expense = Expense.from_row(row)
            except (KeyError, ValueError) as err:
                print(f"skipping row {row!r}: {err}", file=sys.stderr)
                continue
            totals[expense.category] += expense.amount
    return dict(sorted(totals.items(), key=lambda kv: -kv[1]))


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: expenses.py FILE.csv", file=sys.stderr)
        return 2
    for category, total in summarise(Path(argv[1])).items():
        print(f"{category:<12} {total:>10.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
