"""Intrige's sums beside the choices (issue 21): when a bribe or an offer is to be named, a
slider and a stepper over every sum that can be named now sit above the choices, and one
press names the sum (its range, then the sum); the range menus stay in the list for the
keyboard and screen readers. Its palaces are drawn as façades: a roof, five arched rooms,
each with its salary on a plaque."""

from __future__ import annotations

import re

from tests.web.conftest import NewContext, Server, watched
from tests.web.pages import await_new_state, await_turn, intrige_table, join, state_id


def test_a_bribe_is_named_with_the_stepper_beside_the_choices(
        new_context: NewContext, server: Server) -> None:
    page = watched(new_context().new_page())
    made = intrige_table(server.base, [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3)
    page.goto(made["seats"][0]["invite"])
    join(page, "Ada")
    # The façades: a roof per palace, five arched rooms each with its salary plaque.
    assert page.locator("#board svg.palace .palace-roof").count() == 4
    plates = page.eval_on_selector_all(
        "#board svg.palace[data-palace='0'] .room", "nodes => nodes.map((n) => ["
        "!!n.querySelector('.salary-plate'), n.querySelector('.salary').textContent])")
    salaries = [int(re.sub(r"\D", "", text)) for _, text in plates]
    assert len(plates) == 5 and all(plate for plate, _ in plates)
    assert salaries == sorted(salaries) and salaries[0] > 0
    for _ in range(60):
        assert await_turn(page), "the game ended before a bribe was asked"
        if page.locator("#sum-stepper").count():
            break
        page.click("#choice-list button[data-action]")
        page.wait_for_function(
            "() => !document.getElementById('table-page').classList.contains('waiting')")
    else:
        raise AssertionError("no sum was asked in 60 decisions")
    # Beside the choices, above the list; the range menus are still listed.
    assert page.locator("#choices #choice-tools #sum-stepper").count() == 1
    listed = page.eval_on_selector_all("#choice-list button[data-action]",
                                       "nodes => nodes.map((n) => n.dataset.action)")
    assert any(re.match(r"^(range|bribe|offer):", a) for a in listed), listed
    first = int(page.get_attribute("#sum-go", "data-amount") or "0")
    page.click("#sum-stepper button[aria-label='One step more']")
    chosen = int(page.get_attribute("#sum-go", "data-amount") or "0")
    assert chosen > first
    assert page.input_value("#sum-slider") == "1"
    assert f"{chosen:,}" in page.inner_text("#sum-go")
    before = state_id(page)
    page.click("#sum-go")
    await_new_state(page, before)
    # The sum named, in one go from the range: the log says the bribe paid (or the offer).
    page.wait_for_function(
        "(text) => document.getElementById('log').textContent.includes(text)",
        arg=f"{chosen:,}")
    assert not page.problems, page.problems  # type: ignore[attr-defined]
