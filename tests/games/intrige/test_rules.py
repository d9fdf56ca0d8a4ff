"""One test per rule sentence of the Intrige rulebook and per ruling of docs/games/intrige.md,
named as the rule. Positions come from scenario helpers; seats are 0-based (seat 0 is P1)."""

from __future__ import annotations

import itertools

import pytest

from tavola.core import IllegalAction
from tavola.games.intrige.game import IntrigeState
from tests.conformance.harness import expect_error, random_game
from tests.games.intrige.scenarios import (
    island,
    new_game,
    pending_kinds,
    play,
    queue,
    room_holder,
    scenario,
)

# -- setup (Intrige rulebook, "Contents" and "Setup"; docs/games/intrige.md, "Editions") --


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_1994_each_player_has_a_palace_of_five_rooms_ten_figures_and_320000(
        players: int) -> None:
    state = new_game(players)
    board = state.board
    assert board.money == [320_000] * players
    assert board.supply == [[2] * 5 for _ in range(players)]
    assert [len(r) for r in board.rooms] == [5] * players
    assert state.table.edition.salaries[0] == 10_000
    assert state.table.edition.salaries[-1] == 100_000
    assert board.island == () and all(p == [] for p in board.parks)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_amigo_each_player_has_four_rooms_eight_figures_and_32000(players: int) -> None:
    state = new_game(players, edition="amigo")
    board = state.board
    assert board.money == [32_000] * players
    assert board.supply == [[2] * 4 for _ in range(players)]
    assert state.table.edition.salaries == (1_000, 3_000, 6_000, 10_000)


def test_the_first_player_begins_and_has_nothing_to_collect_or_receive() -> None:
    state = new_game(4)
    assert state.to_act == (0,)
    assert state.board.round == 1
    assert pending_kinds(state) == ["send"]
    assert state.board.money == [320_000] * 4


# -- 1. income (Intrige rulebook, "1. Collecting income") --------------------------------


def test_income_is_the_salary_of_every_room_held_in_other_palaces() -> None:
    state = scenario(turn=0, rooms={1: {5: (0, "prelate"), 2: (2, "legal")},
                                    2: {1: (0, "fiscal")}})
    assert state.board.money[0] == 320_000 + 100_000 + 10_000
    assert state.board.money[2] == 320_000
    assert state.board.incomes == [110_000, 0, 0, 0]
    assert state.log_text(1)[-1] == "P1 collects 110,000 ducats of income."


def test_nobody_collects_income_in_the_first_round() -> None:
    state = scenario(round=1, turn=0, rooms={1: {5: (0, "prelate")}})
    assert state.board.money[0] == 320_000
    assert state.board.incomes == [0, 0, 0, 0]


def test_income_is_collected_only_at_the_start_of_ones_own_turn() -> None:
    state = scenario(turn=1, rooms={1: {5: (0, "prelate")}, 2: {4: (1, "legal")}})
    assert state.board.money == [320_000, 320_000 + 60_000, 320_000, 320_000]


# -- 2. bribes (Intrige rulebook, "2. Receiving foreign figures") ------------------------


def test_each_sender_pays_a_bribe_in_turn_order_starting_after_the_owner() -> None:
    state = scenario(turn=2, parks={2: [(1, "legal"), (0, "fiscal"), (3, "prelate")]})
    assert queue(state) == [(3, "enter"), (0, "enter"), (1, "enter")]
    assert state.to_act == (3,)


def test_a_bribe_is_at_least_the_smallest_bribe_in_its_steps_and_at_most_ones_money() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]}, money={1: 45_000})
    bribes = [str(a) for a in state.legal_actions(1) if a.kind == "bribe"]
    assert bribes == ["bribe:10000", "bribe:20000", "bribe:30000", "bribe:40000"]
    expect_error(state, 1, "bribe:0")
    expect_error(state, 1, "bribe:15000")
    expect_error(state, 1, "bribe:50000")


def test_amigo_bribes_start_at_1000_in_steps_of_1000() -> None:
    state = scenario(edition="amigo", turn=0, parks={0: [(1, "legal")]}, money={1: 3_500})
    bribes = [str(a) for a in state.legal_actions(1) if a.kind == "bribe"]
    assert bribes == ["bribe:1000", "bribe:2000", "bribe:3000"]


def test_a_bribe_is_paid_at_once_to_the_palace_owner() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal"), (2, "fiscal")]})
    after = play(state, "bribe:30000")
    assert after.board.money[:3] == [350_000, 290_000, 320_000]
    assert after.to_act == (2,)
    assert after.log_text(3)[-1] == "P2 pays P1 a bribe of 30,000 for the legal counsellor."


def test_ruling_a_player_who_cannot_pay_the_smallest_bribe_pays_zero() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]}, money={1: 5_000})
    assert [str(a) for a in state.legal_actions(1)] == ["bribe:0"]


def test_ruling_a_figure_whose_owner_paid_zero_is_still_seated_if_a_room_is_free() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]}, money={1: 0})
    state = play(state, "bribe:0")
    assert pending_kinds(state) == ["room"]
    state = play(state, "room:2")
    assert room_holder(state, 0, 2) == (1, "legal")


# -- seating ------------------------------------------------------------------------------


def test_the_owner_seats_a_figure_in_any_empty_room_whatever_was_paid() -> None:
    state = scenario(turn=0, rooms={0: {3: (2, "fiscal")}}, parks={0: [(1, "legal")]})
    state = play(state, "range:300000", "bribe:300000")
    assert [str(a) for a in state.legal_actions(0)] == ["room:1", "room:2", "room:4", "room:5"]
    state = play(state, "room:1")
    assert room_holder(state, 0, 1) == (1, "legal")


def test_one_figure_per_room_and_one_figure_per_profession_in_a_palace() -> None:
    state = scenario(turn=0, rooms={0: {3: (2, "fiscal")}},
                     parks={0: [(1, "legal"), (3, "prelate")]})
    state = play(state, "bribe:10000", "bribe:10000", "room:5")
    assert "room:5" not in [str(a) for a in state.legal_actions(0)]
    expect_error(state, 0, "room:5")
    expect_error(state, 0, "room:3")
    state = play(state, "room:4")
    seated = [room_holder(state, 0, n) for n in range(1, 6)]
    professions = [f[1] for f in seated if f is not None]
    assert len(professions) == len(set(professions)) == 3


def test_forced_seating_a_figure_whose_owner_paid_must_get_the_free_room() -> None:
    state = scenario(turn=0, rooms={0: {1: (2, "fiscal"), 2: (3, "legal"), 3: (2, "prelate"),
                                        5: (3, "military")}},
                     parks={0: [(1, "scientific")]})
    state = play(state, "bribe:10000")
    assert [str(a) for a in state.legal_actions(0)] == ["room:4"]
    state = play(state, "room:4")
    assert room_holder(state, 0, 4) == (1, "scientific")


def test_the_owner_has_no_way_to_turn_away_a_figure_without_conflict() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]})
    state = play(state, "bribe:10000")
    assert pending_kinds(state) == ["room"]
    expect_error(state, 0, "defend")
    expect_error(state, 0, "admit:1")


# -- internal conflicts (Intrige rulebook, "Internal conflict") ---------------------------


def test_internal_conflict_with_one_attacker_the_defender_bids_first_then_the_attacker() -> None:
    state = scenario(turn=0, rooms={0: {4: (2, "prelate")}}, parks={0: [(1, "prelate")]})
    assert queue(state) == [(2, "defend"), (1, "attack")]
    state = play(state, "bribe:20000")
    assert state.board.money[2] == 300_000 and state.board.money[0] == 340_000
    state = play(state, "bribe:50000")
    assert state.board.money[0] == 390_000
    assert pending_kinds(state) == ["admit", "defend"]


def test_internal_conflict_the_owner_may_keep_the_defender_and_exile_the_attacker() -> None:
    state = scenario(turn=0, rooms={0: {4: (2, "prelate")}}, parks={0: [(1, "prelate")]})
    state = play(state, "bribe:10000", "bribe:90000", "defend")
    assert room_holder(state, 0, 4) == (2, "prelate")
    assert island(state) == [(1, "prelate")]
    assert state.board.parks[0] == []


def test_internal_conflict_the_attacker_takes_the_same_room_and_the_defender_is_exiled() -> None:
    state = scenario(turn=0, rooms={0: {4: (2, "prelate")}}, parks={0: [(1, "prelate")]})
    state = play(state, "bribe:10000", "bribe:10000", "admit:1")
    assert room_holder(state, 0, 4) == (1, "prelate")
    assert island(state) == [(2, "prelate")]


def test_internal_conflict_with_several_attackers_defender_first_then_attackers_in_turn_order(
        ) -> None:
    state = scenario(turn=1, rooms={1: {2: (0, "legal")}},
                     parks={1: [(0, "legal"), (3, "legal"), (2, "legal")]})
    assert queue(state) == [(0, "defend"), (2, "attack"), (3, "attack"), (0, "attack")]
    state = play(state, "bribe:10000", "bribe:10000", "bribe:10000", "bribe:10000")
    assert [str(a) for a in state.legal_actions(1)] == ["defend", "admit:2", "admit:3",
                                                        "admit:0"]


def test_internal_conflict_with_several_attackers_one_survives_and_all_others_are_exiled(
        ) -> None:
    state = scenario(turn=0, rooms={0: {5: (3, "military")}},
                     parks={0: [(1, "military"), (2, "military")]})
    state = play(state, "bribe:10000", "bribe:10000", "bribe:10000", "admit:2")
    assert room_holder(state, 0, 5) == (2, "military")
    assert sorted(island(state)) == [(1, "military"), (3, "military")]


def test_internal_conflicts_are_settled_from_the_lowest_room_to_the_highest() -> None:
    state = scenario(turn=0, rooms={0: {5: (3, "military"), 2: (2, "fiscal")}},
                     parks={0: [(1, "military"), (3, "fiscal")]})
    assert queue(state) == [(2, "defend"), (3, "attack"), (3, "defend"), (1, "attack")]
    state = play(state, *["bribe:10000"] * 4)
    assert state.view(0)["pending"]["room"] == 2
    state = play(state, "defend")
    assert state.view(0)["pending"]["room"] == 5


def test_a_player_may_attack_a_room_held_by_their_own_figure() -> None:
    state = scenario(turn=0, rooms={0: {3: (1, "legal")}}, parks={0: [(1, "legal")]})
    assert queue(state) == [(1, "defend"), (1, "attack")]
    state = play(state, "bribe:10000", "bribe:10000", "admit:1")
    assert room_holder(state, 0, 3) == (1, "legal")
    assert island(state) == [(1, "legal")]


# -- external conflicts (Intrige rulebook, "External conflict") ---------------------------


def test_external_conflict_the_contenders_bid_in_turn_order() -> None:
    state = scenario(turn=3, parks={3: [(2, "legal"), (0, "legal"), (1, "legal")]})
    assert queue(state) == [(0, "external"), (1, "external"), (2, "external")]


def test_external_conflict_the_owner_admits_one_into_an_empty_room_and_exiles_the_rest(
        ) -> None:
    state = scenario(turn=0, rooms={0: {5: (3, "military")}},
                     parks={0: [(1, "legal"), (2, "legal"), (3, "legal")]})
    state = play(state, "bribe:10000", "bribe:10000", "bribe:10000")
    assert [str(a) for a in state.legal_actions(0)] == ["admit:1", "admit:2", "admit:3"]
    state = play(state, "admit:3")
    assert sorted(island(state)) == [(1, "legal"), (2, "legal")]
    assert [str(a) for a in state.legal_actions(0)] == ["room:1", "room:2", "room:3", "room:4"]
    state = play(state, "room:4")
    assert room_holder(state, 0, 4) == (3, "legal")
    assert room_holder(state, 0, 5) == (3, "military")


# -- the conflict order ruling -------------------------------------------------------------


def test_ruling_conflict_order_bribes_internal_then_external_then_the_others() -> None:
    state = scenario(players=5, turn=0, rooms={0: {3: (4, "prelate")}},
                     parks={0: [(1, "fiscal"), (2, "legal"), (3, "legal"), (4, "prelate")]})
    assert queue(state) == [(4, "defend"), (4, "attack"), (2, "external"), (3, "external"),
                            (1, "enter")]


def test_ruling_conflict_order_internal_decided_before_external_seating_plain_first() -> None:
    state = scenario(players=5, turn=0, rooms={0: {3: (4, "prelate")}},
                     parks={0: [(1, "fiscal"), (2, "legal"), (3, "legal"), (4, "prelate")]})
    state = play(state, *["bribe:10000"] * 5)
    assert state.view(0)["pending"]["kind"] == "internal"
    state = play(state, "defend")
    assert state.view(0)["pending"]["kind"] == "external"
    state = play(state, "admit:3")
    pending = state.view(0)["pending"]
    assert (pending["kind"], pending["player"], pending["waiting"]) == ("seat", 1, [3])
    state = play(state, "room:5", "room:4")
    assert room_holder(state, 0, 5) == (1, "fiscal")
    assert room_holder(state, 0, 4) == (3, "legal")
    assert sorted(island(state)) == [(2, "legal"), (4, "prelate")]


def test_mixed_conflicts_in_one_palace_every_figure_is_settled_and_the_park_empties() -> None:
    state = scenario(players=5, turn=0, rooms={0: {1: (2, "fiscal"), 4: (3, "prelate")}},
                     parks={0: [(1, "fiscal"), (2, "legal"), (3, "scientific"),
                                (4, "legal")]})
    assert queue(state) == [(2, "defend"), (1, "attack"), (2, "external"), (4, "external"),
                            (3, "enter")]
    state = play(state, *["bribe:10000"] * 5, "admit:1", "admit:4", "room:5", "room:3")
    assert [room_holder(state, 0, n) for n in range(1, 6)] == [
        (1, "fiscal"), None, (4, "legal"), (3, "prelate"), (3, "scientific")]
    assert sorted(island(state)) == [(2, "fiscal"), (2, "legal")]
    assert state.board.parks[0] == []
    assert pending_kinds(state) == ["send"]


def test_option_turn_order_every_sender_bids_in_turn_order_defender_before_its_attacker(
        ) -> None:
    state = scenario(players=5, turn=0, rooms={0: {3: (4, "prelate")}},
                     parks={0: [(1, "fiscal"), (2, "legal"), (3, "prelate"), (4, "legal")]},
                     bribe_order="turn_order")
    assert queue(state) == [(1, "enter"), (2, "external"), (4, "defend"), (3, "attack"),
                            (4, "external")]


# -- 3. sending (Intrige rulebook, "3. Sending one's own figures") ------------------------


def test_a_player_sends_two_figures_to_two_different_other_palaces() -> None:
    state = new_game(4)
    state = play(state, "send:prelate,2")
    legal = [str(a) for a in state.legal_actions(0)]
    assert all(not a.endswith(",2") for a in legal)
    with pytest.raises(IllegalAction):
        state.apply(0, "send:legal,2")
    state = play(state, "send:prelate,3")
    assert state.to_act == (1,)
    assert state.board.parks[2] == [(0, 2)] and state.board.parks[3] == [(0, 2)]
    assert state.board.supply[0][2] == 0


def test_a_figure_is_never_sent_to_its_owners_own_palace() -> None:
    state = new_game(3)
    assert all(not str(a).endswith(",0") for a in state.legal_actions(0))
    expect_error(state, 0, "send:legal,0")


def test_the_two_figures_may_be_of_the_same_or_of_different_professions() -> None:
    state = new_game(3)
    same = play(state, "send:legal,1", "send:legal,2")
    assert same.board.supply[0][1] == 0
    mixed = play(state, "send:legal,1", "send:fiscal,2")
    assert mixed.board.supply[0][:2] == [1, 1]


def test_no_figures_are_sent_in_the_last_round_1994() -> None:
    state = scenario(round=6, turn=0, parks={0: [(1, "legal")], 1: [(2, "fiscal")]})
    supply = [row[:] for row in state.board.supply]
    state = play(state, "bribe:10000", "room:1")
    assert state.board.turn == 1 and state.to_act == (2,)
    assert state.board.supply == supply
    assert state.board.parks == [[], [(2, 0)], [], []]


def test_no_figures_are_sent_in_the_last_round_amigo() -> None:
    state = scenario(edition="amigo", round=5, turn=3, parks={3: [(1, "legal")]})
    state = play(state, "bribe:1000", "room:4")
    assert state.is_terminal


def test_the_last_round_still_has_income_bribes_and_seating() -> None:
    state = scenario(round=6, turn=0, rooms={1: {5: (0, "fiscal")}},
                     parks={0: [(1, "legal")]})
    assert state.board.money[0] == 420_000
    assert pending_kinds(state) == ["ask", "bribe", "range"]


# -- the end -------------------------------------------------------------------------------


def test_the_game_ends_after_the_last_round_and_the_richest_wins() -> None:
    state = scenario(round=6, turn=3, money={0: 100_000, 1: 500_000, 2: 200_000, 3: 0})
    assert state.is_terminal
    result = state.result()
    assert result.winners == (1,)
    assert result.scores == (100_000, 500_000, 200_000, 0)
    assert state.log_text(None)[-1].startswith("The game is over.")


def test_a_tie_for_most_money_is_shared() -> None:
    state = scenario(round=6, turn=3, money={0: 500_000, 1: 500_000, 2: 200_000, 3: 0})
    assert state.result().winners == (0, 1)
    assert state.result().ranks == (1, 1, 3, 4)


# -- negotiation --------------------------------------------------------------------------


def test_an_offer_is_public_and_binds_nobody() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]})
    state = play(state, "ask:5", "offer:50000,5")
    for viewer in (None, 0, 1, 2, 3):
        assert state.view(viewer)["offers"] == [
            {"round": 2, "palace": 0, "payer": 1, "amount": 50_000, "room": 5}]
    assert state.log_text(2)[-1] == ("P2 offers P1 50,000 for room 5 (100,000) - not binding.")
    assert state.board.money[1] == 320_000
    state = play(state, "bribe:10000", "room:1")
    assert room_holder(state, 0, 1) == (1, "legal")


def test_an_offer_may_be_made_once_per_bribe_and_only_of_a_payable_amount() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal"), (2, "fiscal")]}, money={1: 40_000})
    state = play(state, "ask:5")
    assert pending_kinds(state) == ["back", "offer"]
    expect_error(state, 1, "offer:50000,5")
    expect_error(state, 1, "bribe:10000")
    state = play(state, "offer:40000,5")
    assert pending_kinds(state) == ["bribe"]
    expect_error(state, 1, "ask:4")
    expect_error(state, 1, "offer:10000,4")
    state = play(state, "bribe:10000")
    assert pending_kinds(state) == ["ask", "bribe", "range"]


# -- bad input ------------------------------------------------------------------------------


def test_an_action_out_of_turn_or_malformed_is_refused_and_changes_nothing() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]})
    expect_error(state, 0, "bribe:10000")
    expect_error(state, 1, "bribe:ten")
    expect_error(state, 1, "room:1")
    expect_error(state, 1, "bribe:10000,2")


def test_an_offer_names_a_room_the_figure_could_end_up_in() -> None:
    state = scenario(turn=0, rooms={0: {3: (2, "fiscal"), 5: (3, "prelate")}},
                     parks={0: [(1, "prelate"), (2, "legal")]})
    defender_rooms = {a.args[0] for a in state.legal_actions(3) if a.kind == "ask"}
    assert defender_rooms == {"5"}
    state = play(state, "bribe:10000", "bribe:10000")
    entering_rooms = {a.args[0] for a in state.legal_actions(2) if a.kind == "ask"}
    assert entering_rooms == {"1", "2", "4"}
    expect_error(state, 2, "ask:3")


def test_exiled_figures_stay_on_the_island_for_the_rest_of_the_game() -> None:
    for players in (3, 5):
        states, _ = random_game("intrige", players, 21)
        islands = [island(s) for s in states if isinstance(s, IntrigeState)]
        assert len(islands) == len(states)
        for before, after in itertools.pairwise(islands):
            assert after[:len(before)] == before
        assert islands[-1]


def test_a_figure_waiting_in_a_park_earns_no_income() -> None:
    state = scenario(turn=0, parks={1: [(0, "prelate")]}, rooms={2: {1: (0, "legal")}})
    assert state.board.money[0] == 320_000 + 10_000


def test_play_passes_seat_by_seat_and_a_new_round_begins_after_the_last_seat() -> None:
    state = new_game(3)
    seen = []
    while state.board.round < 3:
        seen.append((state.board.round, state.board.turn))
        state = play(state, str(state.legal_actions(state.to_act[0])[0]))
    turns = list(dict.fromkeys(seen))
    assert turns == [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]


@pytest.mark.parametrize(("edition", "rounds"), [("1994", 6), ("amigo", 5)])
def test_the_game_lasts_six_rounds_in_1994_and_five_in_amigo(edition: str, rounds: int) -> None:
    for players in (3, 5):
        states, _ = random_game("intrige", players, 4, edition=edition)
        log = states[-1].log(None)
        assert [e.args["round"] for e in log if e.key == "round"] == list(range(1, rounds + 1))
        assert sum(e.key == "turn" for e in log) == rounds * players
        assert states[-1].is_terminal and not states[-2].is_terminal


def test_a_bribe_once_paid_cannot_be_raised_or_changed() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal"), (2, "fiscal")]})
    state = play(state, "bribe:20000")
    assert state.to_act == (2,)
    expect_error(state, 1, "bribe:10000")
    state = play(state, "bribe:10000")
    assert state.board.step_bribes == [(1, "enter", 1, 20_000), (2, "enter", 0, 10_000)]
    assert pending_kinds(state) == ["room"]


def test_a_profession_once_seated_keeps_its_room_for_the_rest_of_the_game() -> None:
    for players, edition in ((3, "1994"), (5, "amigo")):
        states, _ = random_game("intrige", players, 8, edition=edition)
        owned: dict[tuple[int, int], int] = {}
        for state in states:
            assert isinstance(state, IntrigeState)
            for palace, rooms in enumerate(state.board.rooms):
                for number, figure in enumerate(rooms):
                    if (palace, number) in owned:
                        assert figure is not None and figure[1] == owned[palace, number]
                    elif figure is not None:
                        owned[palace, number] = figure[1]
        assert len(owned) > players


def test_ruling_conflict_order_several_external_conflicts_go_by_their_first_contender() -> None:
    state = scenario(players=5, turn=0,
                     parks={0: [(1, "legal"), (2, "fiscal"), (3, "legal"), (4, "fiscal")]})
    assert queue(state) == [(1, "external"), (3, "external"), (2, "external"),
                            (4, "external")]
    state = play(state, *["bribe:10000"] * 4)
    assert state.view(0)["pending"]["profession"] == "legal"
    state = play(state, "admit:3")
    assert state.view(0)["pending"]["profession"] == "fiscal"
    state = play(state, "admit:2", "room:1", "room:5")
    assert room_holder(state, 0, 1) == (3, "legal")
    assert room_holder(state, 0, 5) == (2, "fiscal")
    assert sorted(island(state)) == [(1, "legal"), (4, "fiscal")]
