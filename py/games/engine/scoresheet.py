"""The score sheet of a series: one row per deal, running totals, winners."""


def new_sheet(columns: int) -> dict:
    return {"rows": [], "totals": [0] * columns}


def add_row(sheet: dict, row: dict, points: list[int]) -> dict:
    """Append a deal's row; `row` gets the points and the totals after it."""
    totals = [t + p for t, p in zip(sheet["totals"], points)]
    sheet["totals"] = totals
    sheet["rows"].append(dict(row, points=list(points), totals=list(totals)))
    return sheet


def top_seats(totals: list[int]) -> list[int]:
    """Everyone sharing the highest total."""
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]
