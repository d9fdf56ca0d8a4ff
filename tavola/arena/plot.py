"""A picture of a tournament's ratings: each bot's rating with its 95% interval, as a PNG.

matplotlib is imported only here and only when a plot is asked for (it is in the `arena`
extra). The figure is drawn on matplotlib's Agg canvas directly, without `pyplot`, so no
window or global figure state is involved and it works on machines without a display.
"""

from __future__ import annotations

from pathlib import Path

from tavola.arena.stats import Standings
from tavola.core import BadOptions, TavolaError


class PlotFailed(TavolaError):
    """The picture could not be written."""


def plot_ratings(standings: Standings, path: Path) -> None:
    """Write the ratings of `standings` with their intervals to the PNG file `path`."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise BadOptions("plots need the arena extra: pip install 'tavola[arena]'") from None
    bots = list(reversed(standings.bots))
    config = standings.config
    figure = Figure(figsize=(7.0, 1.2 + 0.45 * len(bots)), dpi=100, layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    positions = list(range(len(bots)))
    ratings = [b.rating for b in bots]
    errors = [b.rating_high - b.rating for b in bots]
    axes.errorbar(ratings, positions, xerr=errors, fmt="o", capsize=4)
    axes.set_yticks(positions, [b.name for b in bots])
    axes.set_xlabel("OpenSkill Plackett–Luce rating (mu, 95% interval)")
    axes.set_title(f"{config.game}, {config.players} players, {standings.games} games")
    axes.grid(axis="x", alpha=0.3)
    try:
        figure.savefig(path, format="png")
    except OSError as exc:
        raise PlotFailed(f"cannot write {path}: {exc.strerror}") from None
