// Intrige in the native core; see intrige.hpp. Each function names the reference function
// it mirrors (tavola/games/intrige/rules.py unless said otherwise).
#include "intrige.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace tavola::intrige {

namespace {

constexpr int kSalaries1994[5] = {10000, 20000, 40000, 60000, 100000};
constexpr int kSalariesAmigo[4] = {1000, 3000, 6000, 10000};

}  // namespace

Table Table::make(int players, int edition, int bribe_order) {
    Table t{};
    t.players = players;
    t.edition = edition;
    t.bribe_order = bribe_order;
    if (edition == 0) {
        t.rooms = 5;
        t.professions = 5;
        t.rounds = 6;
        t.start = 320000;
        t.low = 10000;
        t.step = 10000;
        for (int i = 0; i < 5; ++i) t.salaries[i] = kSalaries1994[i];
    } else {
        t.rooms = 4;
        t.professions = 4;
        t.rounds = 5;
        t.start = 32000;
        t.low = 1000;
        t.step = 1000;
        for (int i = 0; i < 4; ++i) t.salaries[i] = kSalariesAmigo[i];
    }
    t.sent_per_turn = 2;
    t.send_in_last_round = false;
    // schema.income_bound and money_bound.
    const int figures = t.professions * kFiguresPerProfession;
    const int held = std::min(figures, (players - 1) * t.rooms);
    t.income_bound = static_cast<int64_t>(held) * t.salaries[t.rooms - 1];
    t.money_bound = static_cast<int64_t>(players) * (t.start + (t.rounds - 1) * t.income_bound);
    // encoding.IntrigeEncoding's action space.
    t.span = static_cast<int64_t>(kSumsPerRange) * t.step;
    t.bribe_at = 1;
    t.offer_at = t.bribe_at + kSumSlots;
    t.ask_at = t.offer_at + kSumSlots;
    t.back_at = t.ask_at + t.rooms;
    t.defend_at = t.back_at + 1;
    t.admit_at = t.defend_at + 1;
    t.room_at = t.admit_at + players - 1;
    t.send_at = t.room_at + t.rooms;
    t.range_at = t.send_at + t.professions * (players - 1);
    t.size = t.range_at + static_cast<int>(t.money_bound / t.span);
    return t;
}

State State::blank(const Table& t) {
    State s;
    std::memset(static_cast<void*>(&s), 0, sizeof(State));
    s.t = t;
    s.round = 1;
    s.turn = 0;
    s.phase = BRIBE;
    for (int p = 0; p < t.players; ++p) {
        s.money[p] = t.start;
        s.incomes[p] = 0;
        for (int k = 0; k < t.professions; ++k) s.supply[p][k] = kFiguresPerProfession;
        for (int r = 0; r < kMaxRooms; ++r) s.rooms[p][r] = Fig{};
        for (int i = 0; i < kMaxPark; ++i) s.parks[p][i] = Fig{};
    }
    return s;
}

// new_board: set up and run to the first decision.
State State::new_game(const Table& t) {
    State s = blank(t);
    s.begin_turn();
    return s;
}

void State::begin_turn() {
    collect_income();
    open_receiving();
    advance();
}

// income_due and collect_income.
void State::collect_income() {
    if (round == 1) return;
    const int player = turn;
    int total = 0;
    for (int palace = 0; palace < t.players; ++palace) {
        if (palace == player) continue;
        for (int n = 0; n < t.rooms; ++n)
            if (!rooms[palace][n].empty() && rooms[palace][n].owner == player)
                total += t.salaries[n];
    }
    money[player] += total;
    incomes[player] += total;
}

// classify, receiving_plan and open_receiving.
void State::open_receiving() {
    const int owner = turn;
    // The park in turn order from the owner (a stable sort, as Python's `sorted`).
    Fig park[kMaxPark];
    const int np = nparks[owner];
    for (int i = 0; i < np; ++i) park[i] = parks[owner][i];
    std::stable_sort(park, park + np, [&](const Fig& a, const Fig& b) {
        return turn_distance(owner, a.owner) < turn_distance(owner, b.owner);
    });
    int seated[kMaxProfessions];
    for (int k = 0; k < kMaxProfessions; ++k) seated[k] = -1;
    for (int r = 0; r < t.rooms; ++r)
        if (!rooms[owner][r].empty()) seated[rooms[owner][r].prof] = r;
    // `waiting`: professions in order of their first sender, each with its senders.
    int wprof[kMaxPark], wcount[kMaxPark], wsenders[kMaxPark][kMaxPark], nw = 0;
    for (int i = 0; i < np; ++i) {
        int w = 0;
        while (w < nw && wprof[w] != park[i].prof) ++w;
        if (w == nw) {
            wprof[nw] = park[i].prof;
            wcount[nw++] = 0;
        }
        wsenders[w][wcount[w]++] = park[i].owner;
    }
    // Internal conflicts by room, lowest first.
    int internal[kMaxPark], ni = 0;  // indices into waiting
    for (int w = 0; w < nw; ++w)
        if (seated[wprof[w]] >= 0) internal[ni++] = w;
    std::sort(internal, internal + ni,
              [&](int a, int b) { return seated[wprof[a]] < seated[wprof[b]]; });
    int external[kMaxPark], ne = 0, plain[kMaxPark], nplain = 0;
    for (int w = 0; w < nw; ++w) {
        if (seated[wprof[w]] >= 0) continue;
        if (wcount[w] > 1)
            external[ne++] = w;
        else
            plain[nplain++] = wsenders[w][0];
    }
    // profession_of: the park's last figure of each sender.
    int profession_of[kMaxPlayers];
    for (int p = 0; p < kMaxPlayers; ++p) profession_of[p] = -1;
    for (int i = 0; i < np; ++i) profession_of[parks[owner][i].owner] = parks[owner][i].prof;
    auto defender_of = [&](int prof) { return rooms[owner][seated[prof]].owner; };
    nqueue = 0;
    auto push = [&](int payer, int role, int prof) {
        queue[nqueue++] = Due{static_cast<int8_t>(payer), static_cast<int8_t>(role),
                              static_cast<int8_t>(prof)};
    };
    if (t.bribe_order == 0) {
        for (int i = 0; i < ni; ++i) {
            const int w = internal[i], prof = wprof[w];
            push(defender_of(prof), DEFEND, prof);
            for (int j = 0; j < wcount[w]; ++j) push(wsenders[w][j], ATTACK, prof);
        }
        for (int i = 0; i < ne; ++i) {
            const int w = external[i];
            for (int j = 0; j < wcount[w]; ++j) push(wsenders[w][j], EXTERNAL, wprof[w]);
        }
        for (int i = 0; i < nplain; ++i) push(plain[i], ENTER, profession_of[plain[i]]);
    } else {
        int role[kMaxPlayers];
        for (int p = 0; p < kMaxPlayers; ++p) role[p] = -1;
        for (int i = 0; i < nplain; ++i) role[plain[i]] = ENTER;
        for (int i = 0; i < ne; ++i)
            for (int j = 0; j < wcount[external[i]]; ++j) role[wsenders[external[i]][j]] = EXTERNAL;
        for (int i = 0; i < ni; ++i)
            for (int j = 0; j < wcount[internal[i]]; ++j) role[wsenders[internal[i]][j]] = ATTACK;
        // The senders (profession_of's keys: first appearance in the park), by turn distance.
        int senders[kMaxPark], ns = 0;
        for (int i = 0; i < np; ++i) {
            const int s = parks[owner][i].owner;
            bool seen = false;
            for (int j = 0; j < ns; ++j) seen = seen || senders[j] == s;
            if (!seen) senders[ns++] = s;
        }
        std::stable_sort(senders, senders + ns, [&](int a, int b) {
            return turn_distance(owner, a) < turn_distance(owner, b);
        });
        bool defended[kMaxProfessions] = {};
        for (int i = 0; i < ns; ++i) {
            const int sender = senders[i], prof = profession_of[sender];
            if (role[sender] == ATTACK && !defended[prof]) {
                defended[prof] = true;
                push(defender_of(prof), DEFEND, prof);
            }
            push(sender, role[sender], prof);
        }
    }
    ndecisions = 0;
    for (int i = 0; i < ni; ++i)
        decisions[ndecisions++] = Decision{INTERNAL, static_cast<int8_t>(wprof[internal[i]])};
    for (int i = 0; i < ne; ++i)
        decisions[ndecisions++] =
            Decision{EXTERNAL_CONFLICT, static_cast<int8_t>(wprof[external[i]])};
    nseating = 0;
    for (int i = 0; i < nplain; ++i) seating[nseating++] = static_cast<int8_t>(plain[i]);
    offered = went_back = false;
    ask_room = 0;
    range_from = 0;
    nsteps = 0;
    nsent = 0;
    phase = BRIBE;
}

void State::advance() {
    while (true) {
        if (phase == BRIBE && nqueue == 0) {
            phase = DECIDE;
        } else if (phase == DECIDE && ndecisions == 0) {
            phase = SEAT;
        } else if (phase == SEAT && nseating == 0) {
            if (!t.sends_in(round)) {
                end_turn();
                return;
            }
            phase = SEND;
        } else if (phase == SEND) {
            bool any = false;
            for (int k = 0; k < t.professions; ++k) any = any || supply[turn][k] > 0;
            if (nsent >= t.sent_per_turn || !any) {
                end_turn();
                return;
            }
            return;
        } else {
            return;
        }
    }
}

void State::end_turn() {
    nqueue = ndecisions = nseating = nsent = 0;
    nsteps = 0;
    offered = false;
    turn += 1;
    if (turn == t.players) {
        turn = 0;
        if (round == t.rounds) {
            phase = OVER;
            return;
        }
        round += 1;
    }
    begin_turn();
}

int State::to_act() const {
    if (phase == OVER) return -1;
    if (phase == BRIBE) return queue[0].payer;
    return turn;
}

int State::sum_base() const { return range_from ? std::max(t.low, range_from) : t.low; }

int State::room_of(int palace, int profession) const {
    for (int n = 0; n < t.rooms; ++n)
        if (!rooms[palace][n].empty() && rooms[palace][n].prof == profession) return n;
    return -1;
}

// contenders: the senders waiting with `profession`, in turn order.
int State::contenders(int profession, int8_t* out) const {
    const int owner = turn;
    int m = 0;
    for (int i = 0; i < nparks[owner]; ++i)
        if (parks[owner][i].prof == profession) out[m++] = parks[owner][i].owner;
    std::stable_sort(out, out + m, [&](int8_t a, int8_t b) {
        return turn_distance(owner, a) < turn_distance(owner, b);
    });
    return m;
}

// legal, as encoding.index numbers each action.
int State::legal(int* out) const {
    int m = 0;
    const int n = t.players;
    if (phase == BRIBE) {
        const Due& due = queue[0];
        const int money_ = money[due.payer];
        const int low = t.low, step = t.step;
        const int sums_at = ask_room ? t.offer_at : t.bribe_at;
        // _sums: the sums named now (as slots from sum_base) and the ranges.
        if (money_ < low) {
            out[m++] = 0;  // bribe:0 (no ask can be begun without the smallest bribe)
        } else {
            const int top = money_ - (money_ - low) % step;
            const int span = static_cast<int>(t.span);
            int first, last;
            int range_top = 0;  // the highest range's lowest sum, 0 for none
            if (range_from) {
                first = std::max(low, static_cast<int>(range_from));
                last = std::min(top, static_cast<int>(range_from) + span - step);
            } else if ((top - low) / step + 1 <= kDirectSums) {
                first = low;
                last = top;
            } else {
                first = low;
                last = std::min(top, span - step);
                range_top = top;
            }
            const int base = sum_base();
            for (int a = first; a <= last; a += step) out[m++] = sums_at + (a - base) / step;
            if (range_top)
                for (int b = span; b <= range_top; b += span) out[m++] = t.range_at + b / span - 1;
        }
        if (!offered && !ask_room && !range_from && money_ >= low) {
            // offer_rooms
            const Fig* row = rooms[turn];
            for (int r = 0; r < t.rooms; ++r) {
                const bool ok = (due.role == DEFEND || due.role == ATTACK)
                                    ? (!row[r].empty() && row[r].prof == due.prof)
                                    : row[r].empty();
                if (ok) out[m++] = t.ask_at + r;
            }
        }
        if ((ask_room || range_from) && !went_back) out[m++] = t.back_at;
        return m;
    }
    if (phase == DECIDE) {
        const Decision& d = decisions[0];
        int8_t senders[kMaxPark];
        const int k = contenders(d.prof, senders);
        if (d.kind == INTERNAL) out[m++] = t.defend_at;
        for (int i = 0; i < k; ++i) out[m++] = t.admit_at + turn_distance(turn, senders[i]) - 1;
        return m;
    }
    if (phase == SEAT) {
        for (int r = 0; r < t.rooms; ++r)
            if (rooms[turn][r].empty()) out[m++] = t.room_at + r;
        return m;
    }
    if (phase == SEND) {
        const int me = turn;
        for (int p = 0; p < t.professions; ++p) {
            if (supply[me][p] <= 0) continue;
            for (int d = 1; d < n; ++d) {
                const int target = (me + d) % n;
                bool done = false;
                for (int i = 0; i < nsent; ++i) done = done || sent[i] == target;
                if (!done) out[m++] = t.send_at + p * (n - 1) + d - 1;
            }
        }
        return m;
    }
    return 0;
}

// play: the action at `index` (encoding.action), then advance.
bool State::apply(int index) {
    int buffer[kMaxLegal];
    const int m = legal(buffer);
    bool ok = false;
    for (int i = 0; i < m; ++i) ok = ok || buffer[i] == index;
    if (!ok) return false;
    const int n = t.players;
    if (index == 0) {
        pay_bribe(0);
    } else if (index < t.offer_at) {
        pay_bribe(sum_base() + (index - t.bribe_at) * t.step);
    } else if (index < t.ask_at) {
        make_offer(sum_base() + (index - t.offer_at) * t.step, ask_room);
    } else if (index < t.back_at) {
        ask_room = static_cast<int8_t>(index - t.ask_at + 1);
    } else if (index == t.back_at) {
        // take_back
        if (range_from)
            range_from = 0;
        else
            ask_room = 0;
        went_back = true;
    } else if (index == t.defend_at) {
        decide(-1);
    } else if (index < t.room_at) {
        decide((turn + index - t.admit_at + 1) % n);
    } else if (index < t.send_at) {
        seat(index - t.room_at);
    } else if (index < t.range_at) {
        const int k = index - t.send_at;
        send(k / (n - 1), (turn + k % (n - 1) + 1) % n);
    } else {
        range_from = static_cast<int32_t>((index - t.range_at + 1) * t.span);
    }
    advance();
    return true;
}

void State::pay_bribe(int amount) {
    const Due due = queue[0];
    for (int i = 1; i < nqueue; ++i) queue[i - 1] = queue[i];
    --nqueue;
    const int owner = turn;
    money[due.payer] -= amount;
    money[owner] += amount;
    steps[nsteps++] = StepBribe{due.payer, due.role, due.prof, amount};
    bribes[nbribes++] = BribeRecord{round, static_cast<int8_t>(owner), due.payer, due.role,
                                    due.prof, amount};
    offered = went_back = false;
    range_from = 0;
}

void State::make_offer(int amount, int room) {
    const int payer = queue[0].payer;
    offered = true;
    went_back = false;
    ask_room = 0;
    range_from = 0;
    offers[noffers++] = OfferRecord{round, turn, static_cast<int8_t>(payer),
                                    static_cast<int8_t>(room), amount};
}

void State::exile(Fig f) { island[nisland++] = f; }

void State::decide(int winner) {
    const Decision d = decisions[0];
    for (int i = 1; i < ndecisions; ++i) decisions[i - 1] = decisions[i];
    --ndecisions;
    const int owner = turn;
    Fig contending[kMaxPark];
    int nc = 0, kept = 0;
    Fig* park = parks[owner];
    for (int i = 0; i < nparks[owner]; ++i) {
        if (park[i].prof == d.prof)
            contending[nc++] = park[i];
        else
            park[kept++] = park[i];
    }
    nparks[owner] = static_cast<int8_t>(kept);
    for (int i = kept; i < kMaxPark; ++i) park[i] = Fig{};
    if (d.kind == INTERNAL) {
        const int number = room_of(owner, d.prof);
        const Fig defender = rooms[owner][number];
        if (winner < 0) {
            for (int i = 0; i < nc; ++i) exile(contending[i]);
        } else {
            rooms[owner][number] = Fig{static_cast<int8_t>(winner), d.prof};
            exile(defender);
            for (int i = 0; i < nc; ++i)
                if (contending[i].owner != winner) exile(contending[i]);
        }
    } else {
        park[nparks[owner]++] = Fig{static_cast<int8_t>(winner), d.prof};
        seating[nseating++] = static_cast<int8_t>(winner);
        for (int i = 0; i < nc; ++i)
            if (contending[i].owner != winner) exile(contending[i]);
    }
}

void State::seat(int number) {
    const int sender = seating[0];
    for (int i = 1; i < nseating; ++i) seating[i - 1] = seating[i];
    --nseating;
    const int owner = turn;
    Fig* park = parks[owner];
    int at = 0;
    while (park[at].owner != sender) ++at;
    const Fig figure = park[at];
    for (int i = at + 1; i < nparks[owner]; ++i) park[i - 1] = park[i];
    park[--nparks[owner]] = Fig{};
    rooms[owner][number] = figure;
}

void State::send(int profession, int palace) {
    const int me = turn;
    supply[me][profession] -= 1;
    parks[palace][nparks[palace]++] = Fig{static_cast<int8_t>(me), static_cast<int8_t>(profession)};
    sent[nsent++] = static_cast<int8_t>(palace);
}

// IntrigeState.result().utilities(): most money wins, ties share.
void State::returns(double* out) const {
    const int n = t.players;
    if (phase != OVER) {
        for (int p = 0; p < n; ++p) out[p] = 0.0;
        return;
    }
    double value[kMaxPlayers];
    for (int k = 0; k < n; ++k) value[k] = 1.0 - 2.0 * k / (n - 1);
    for (int p = 0; p < n; ++p) {
        int rank = 1, tied = 0;
        for (int q = 0; q < n; ++q) {
            if (money[q] > money[p]) ++rank;
            if (money[q] == money[p]) ++tied;
        }
        double sum = 0.0;
        for (int k = rank - 1; k < rank - 1 + tied; ++k) sum += value[k];
        out[p] = sum / tied;
    }
}

// encoding.IntrigeEncoding's layout length.
int State::observation_size() const {
    const int n = t.players, R = t.rooms, P = t.professions;
    return t.rounds + n + n + 6 + n * R * (n + P) + n * n * P + n * P + n * P + n + n + n +
           n * n + n + 4 + P + R + 1 + R + 2 + n + n + n + n + n * P + n * P + 2 * P + n +
           n * (1 + R);
}

// encoding.observe, reading the struct as view.view(player) shows it.
void State::observe(int player, double* out) const {
    const int n = t.players, R = t.rooms, P = t.professions;
    const int size = observation_size();
    for (int i = 0; i < size; ++i) out[i] = 0.0;
    int rel[kMaxPlayers];
    for (int s = 0; s < n; ++s) rel[s] = ((s - player) % n + n) % n;
    int pos = 0;
    auto slice = [&](int length) {
        const int at = pos;
        pos += length;
        return at;
    };
    const int round_at = slice(t.rounds), turn_at = slice(n), to_act_at = slice(n),
              pending_at = slice(6), rooms_at = slice(n * R * (n + P)),
              parks_at = slice(n * n * P), supply_at = slice(n * P), island_at = slice(n * P),
              money_at = slice(n), total_at = slice(n), salary_at = slice(n),
              paid_at = slice(n * n), payer_at = slice(n), role_at = slice(4),
              prof_at = slice(P), proom_at = slice(R), offered_at = slice(1),
              asked_at = slice(R), range_at = slice(2), contenders_at = slice(n),
              defender_at = slice(n), seat_player_at = slice(n), sent_at = slice(n),
              step_at = slice(n * P), due_at = slice(n * P), conflicts_at = slice(2 * P),
              to_seat_at = slice(n), offers_at = slice(n * (1 + R));

    out[round_at + round - 1] = 1.0;
    out[turn_at + rel[turn]] = 1.0;
    const int acting = to_act();
    if (acting >= 0) out[to_act_at + rel[acting]] = 1.0;

    const int per_room = n + P;
    int64_t earned[kMaxPlayers] = {};
    for (int palace = 0; palace < n; ++palace) {
        const int where = rel[palace];
        int base = rooms_at + where * R * per_room;
        for (int number = 0; number < R; ++number) {
            const Fig& f = rooms[palace][number];
            if (f.empty()) continue;
            const int cell = base + number * per_room;
            out[cell + rel[f.owner]] = 1.0;
            out[cell + n + f.prof] = 1.0;
            earned[f.owner] += t.salaries[number];
        }
        base = parks_at + where * n * P;
        for (int i = 0; i < nparks[palace]; ++i)
            out[base + rel[parks[palace][i].owner] * P + parks[palace][i].prof] = 1.0;
    }
    const double figures = static_cast<double>(kFiguresPerProfession);
    for (int seat_ = 0; seat_ < n; ++seat_)
        for (int k = 0; k < P; ++k)
            out[supply_at + rel[seat_] * P + k] = supply[seat_][k] / figures;
    for (int i = 0; i < nisland; ++i)
        out[island_at + rel[island[i].owner] * P + island[i].prof] += 1.0 / figures;

    const double fine = static_cast<double>(4 * static_cast<int64_t>(t.start));  // MONEY_SCALE
    const double bound = static_cast<double>(t.money_bound);
    int64_t purses[kMaxPlayers];
    for (int p = 0; p < n; ++p) purses[p] = static_cast<int64_t>(t.start) + incomes[p];
    for (int i = 0; i < nbribes; ++i) {
        const BribeRecord& b = bribes[i];
        purses[b.payer] -= b.amount;
        purses[b.palace] += b.amount;
        out[paid_at + rel[b.payer] * n + rel[b.palace]] += b.amount / fine;
    }
    for (int i = paid_at; i < paid_at + n * n; ++i)
        if (out[i] > 1.0) out[i] = 1.0;
    purses[player] = money[player];
    const double income_scale = static_cast<double>(t.income_bound);
    for (int seat_ = 0; seat_ < n; ++seat_) {
        const int where = rel[seat_];
        out[money_at + where] = std::min(1.0, static_cast<double>(purses[seat_]) / fine);
        out[total_at + where] = static_cast<double>(purses[seat_]) / bound;
        out[salary_at + where] = static_cast<double>(earned[seat_]) / income_scale;
    }

    // _pending
    const int owner = turn;
    if (phase == OVER) {
        out[pending_at + 5] = 1.0;
    } else if (phase == SEND) {
        out[pending_at + 4] = 1.0;
        for (int i = 0; i < nsent; ++i) out[sent_at + rel[sent[i]]] = 1.0;
    } else if (phase == SEAT) {
        out[pending_at + 3] = 1.0;
        const int sender = seating[0];
        int prof = 0;
        for (int i = 0; i < nparks[owner]; ++i)
            if (parks[owner][i].owner == sender) {
                prof = parks[owner][i].prof;
                break;
            }
        out[prof_at + prof] = 1.0;
        out[seat_player_at + rel[sender]] = 1.0;
    } else if (phase == BRIBE) {
        const Due& due = queue[0];
        out[pending_at + 0] = 1.0;
        out[prof_at + due.prof] = 1.0;
        const int number = room_of(owner, due.prof);
        if (number >= 0) out[proom_at + number] = 1.0;
        out[payer_at + rel[due.payer]] = 1.0;
        out[role_at + due.role] = 1.0;
        if (offered) out[offered_at] = 1.0;
        if (player == due.payer) {
            if (ask_room) out[asked_at + ask_room - 1] = 1.0;
            if (range_from) {
                out[range_at] = std::min(1.0, static_cast<double>(range_from) /
                                                  static_cast<double>(4 * static_cast<int64_t>(t.start)));
                out[range_at + 1] =
                    static_cast<double>(range_from) / static_cast<double>(t.money_bound);
            }
        }
    } else {  // DECIDE
        const Decision& d = decisions[0];
        out[pending_at + (d.kind == INTERNAL ? 1 : 2)] = 1.0;
        out[prof_at + d.prof] = 1.0;
        const int number = room_of(owner, d.prof);
        const bool has_room = d.kind == INTERNAL && number >= 0;
        if (has_room) out[proom_at + number] = 1.0;
        int8_t senders[kMaxPark];
        const int k = contenders(d.prof, senders);
        for (int i = 0; i < k; ++i) out[contenders_at + rel[senders[i]]] = 1.0;
        if (has_room) out[defender_at + rel[rooms[owner][number].owner]] = 1.0;
    }

    const double bribe_scale = static_cast<double>(t.start);  // BRIBE_SCALE = 1
    for (int i = 0; i < nsteps; ++i) {
        const int cell = step_at + rel[steps[i].payer] * P + steps[i].prof;
        out[cell] = std::min(1.0, out[cell] + steps[i].amount / bribe_scale);
    }
    for (int i = 0; i < nqueue; ++i) {
        const int cell = due_at + rel[queue[i].payer] * P + queue[i].prof;
        out[cell] = std::min(1.0, out[cell] + 0.5);
    }
    for (int i = 0; i < ndecisions; ++i)
        out[conflicts_at + (decisions[i].kind == EXTERNAL_CONFLICT ? P : 0) + decisions[i].prof] =
            1.0;
    for (int i = 0; i < nseating; ++i) out[to_seat_at + rel[seating[i]]] = 1.0;
    bool seen[kMaxPlayers] = {};
    for (int i = noffers - 1; i >= 0; --i) {
        const OfferRecord& o = offers[i];
        if (o.round != round || o.palace != turn) break;
        if (seen[o.payer]) continue;
        seen[o.payer] = true;
        const int base = offers_at + rel[o.payer] * (1 + R);
        out[base] = std::min(1.0, o.amount / bribe_scale);
        out[base + o.room] = 1.0;
    }
}

// view.sample: everything but another payer's half-chosen sum is in the seat's view.
State State::sample(int player) const {
    State s = *this;
    if (s.phase == BRIBE && s.queue[0].payer != player) {
        s.ask_room = 0;
        s.range_from = 0;
        s.went_back = false;
    }
    return s;
}

int State::random_playout(Rng& rng) {
    int buffer[kMaxLegal];
    int decisions_made = 0;
    while (!terminal()) {
        const int m = legal(buffer);
        apply(buffer[rng.below(static_cast<uint64_t>(m))]);
        ++decisions_made;
    }
    return decisions_made;
}

// tavola.agents.search.Rollout.run with the random or the greedy policy.
int State::python_rollout(PyRandom& rng, int cutoff, bool greedy) {
    int buffer[kMaxLegal];
    int made = 0;
    while (!terminal()) {
        if (cutoff > 0 && made >= cutoff) break;
        const int m = legal(buffer);
        const int i = m == 1   ? 0
                      : greedy ? greedy_choice(buffer, m, rng)
                               : static_cast<int>(rng.randbelow(static_cast<uint32_t>(m)));
        apply(buffer[i]);
        ++made;
    }
    return made;
}

// -- the greedy policy (heuristics.py) ------------------------------------------------------
// Every score is computed with the reference's operations in the reference's order, so the
// doubles are equal bit for bit and the comparisons (ties included) decide alike. The view
// the policy reads is the acting seat's: everything here is in it (every purse follows from
// the public record, `public_purses`).
namespace {

constexpr double kConflictShare = 0.3, kMoneyShare = 0.25, kPriceShare = 0.25,
                 kHarmShare = 0.25;

}  // namespace

int State::greedy_choice(const int* legal_, int m, PyRandom& rng) const {
    const int n = t.players, me = to_act(), owner = turn;
    auto left_for = [&](int player) {
        return t.rounds - round + ((player > turn && round > 1) ? 1 : 0);
    };
    // public_purses
    int64_t purses[kMaxPlayers];
    for (int p = 0; p < n; ++p) purses[p] = static_cast<int64_t>(t.start) + incomes[p];
    for (int i = 0; i < nbribes; ++i) {
        purses[bribes[i].payer] -= bribes[i].amount;
        purses[bribes[i].palace] += bribes[i].amount;
    }
    // standings and threat (contested: a 1-based room of the palace receiving, 0 for none).
    auto threat = [&](int player, int contested) {
        double standing[kMaxPlayers];
        for (int p = 0; p < n; ++p) standing[p] = static_cast<double>(purses[p]);
        for (int palace = 0; palace < n; ++palace)
            for (int r = 0; r < t.rooms; ++r) {
                const Fig& f = rooms[palace][r];
                if (!f.empty() && !(palace == turn && r + 1 == contested))
                    standing[f.owner] += static_cast<double>(
                        static_cast<int64_t>(t.salaries[r]) * left_for(f.owner));
            }
        const double gap = (standing[player] - standing[me]) / static_cast<double>(t.start);
        return std::min(1.0, std::max(0.0, 0.5 + gap / 2));
    };
    // The best empty room's salary of a palace (0 if none), and the best empty room.
    auto best_free_salary = [&](int palace) {
        int best = 0;
        for (int r = 0; r < t.rooms; ++r)
            if (rooms[palace][r].empty()) best = std::max(best, t.salaries[r]);
        return best;
    };
    auto paid = [&](int player, bool defending) {
        int64_t total = 0;
        for (int i = 0; i < nsteps; ++i)
            if (steps[i].payer == player && (steps[i].role == DEFEND) == defending)
                total += steps[i].amount;
        return total;
    };
    auto position = [&](int index) {
        for (int i = 0; i < m; ++i)
            if (legal_[i] == index) return i;
        return -1;
    };

    if (phase == BRIBE) {
        const Due& due = queue[0];
        const int money_ = money[me];
        // bid
        double target = 0.0;
        if (due.role != ENTER) {
            int64_t salary;
            if (due.role == EXTERNAL)
                salary = best_free_salary(owner);
            else
                salary = t.salaries[room_of(owner, due.prof)];
            int64_t rival_best = 0;
            bool rivals_due = false, others = false;
            for (int i = 0; i < nsteps; ++i)
                if (steps[i].prof == due.prof) {
                    if (steps[i].payer != me) {
                        rival_best = std::max<int64_t>(rival_best, steps[i].amount);
                        others = true;
                    }
                }
            for (int i = 0; i < nqueue; ++i)
                if (queue[i].prof == due.prof && queue[i].payer != me) {
                    others = true;
                    if (i > 0) rivals_due = true;
                }
            if (others) {
                const double cap = std::min(kConflictShare * salary * left_for(me),
                                            kMoneyShare * static_cast<double>(money_));
                const double beat = static_cast<double>(rival_best) +
                                    (due.role == DEFEND ? 0.0 : static_cast<double>(t.step));
                const double aim = std::max(beat, rivals_due ? cap : 0.0);
                target = beat <= cap ? aim : 0.0;
            }
        }
        // sum_for
        int64_t amount = 0;
        if (money_ >= t.low) {
            const int64_t floor_ = static_cast<int64_t>(target) / t.step * t.step;
            amount = std::min<int64_t>(std::max<int64_t>(t.low, floor_),
                                       money_ - (money_ - t.low) % t.step);
        }
        // pick_sum over the sums of `kind` (offers once an offer is begun, else bribes).
        auto pick_sum = [&](bool offer) {
            int holder = -1;
            int64_t holder_from = 0;
            int first = -1;
            const int base = sum_base();
            for (int i = 0; i < m; ++i) {
                const int index = legal_[i];
                int64_t value = -1;
                bool of_kind = false;
                if (!offer && index == 0) {
                    of_kind = true;
                    value = 0;
                } else if (!offer && index >= t.bribe_at && index < t.offer_at) {
                    of_kind = true;
                    value = base + static_cast<int64_t>(index - t.bribe_at) * t.step;
                } else if (offer && index >= t.offer_at && index < t.ask_at) {
                    of_kind = true;
                    value = base + static_cast<int64_t>(index - t.offer_at) * t.step;
                }
                if (of_kind) {
                    if (value == amount) return i;
                    if (first < 0) first = i;
                } else if (index >= t.range_at) {
                    const int64_t from = (index - t.range_at + 1) * t.span;
                    if (from <= amount && (holder < 0 || from > holder_from)) {
                        holder = i;
                        holder_from = from;
                    }
                }
            }
            return holder >= 0 ? holder : first;
        };
        if (ask_room) return pick_sum(true);
        if (!offered && !range_from && (due.role == ENTER || due.role == EXTERNAL)) {
            // best_free_room
            int wanted = t.rooms;
            bool any = false;
            for (int r = 0; r < t.rooms; ++r)
                if (rooms[owner][r].empty()) {
                    wanted = any ? std::max(wanted, r + 1) : r + 1;
                    any = true;
                }
            const int i = position(t.ask_at + wanted - 1);
            if (i >= 0) return i;
        }
        return pick_sum(false);
    }

    if (phase == DECIDE) {
        const Decision& d = decisions[0];
        const bool internal = d.kind == INTERNAL;
        const int number = internal ? room_of(owner, d.prof) : -1;
        const int contested = internal ? number + 1 : 0;
        const int64_t salary = internal ? t.salaries[number] : best_free_salary(owner);
        auto score = [&](int player, bool defending) {
            const double harm = kHarmShare * threat(player, contested) * salary * left_for(player);
            return static_cast<double>(paid(player, defending)) - harm;
        };
        int best = 0;
        double best_score = -std::numeric_limits<double>::infinity();
        for (int i = 0; i < m; ++i) {
            const int index = legal_[i];
            const double value = index == t.defend_at
                                     ? score(rooms[owner][number].owner, true)
                                     : score((owner + index - t.admit_at + 1) % n, false);
            if (value > best_score) {
                best = i;
                best_score = value;
            }
        }
        return best;
    }

    if (phase == SEAT) {
        // free: the legal rooms (1-based), ascending; rooms: best salary first.
        int free_rooms[kMaxRooms], nfree = 0;
        for (int i = 0; i < m; ++i) free_rooms[nfree++] = legal_[i] - t.room_at + 1;
        int worst = t.salaries[free_rooms[0] - 1];
        for (int i = 0; i < nfree; ++i) worst = std::min(worst, t.salaries[free_rooms[i] - 1]);
        int order[kMaxRooms], norder = nfree;
        for (int i = 0; i < nfree; ++i) order[i] = free_rooms[i];
        std::stable_sort(order, order + norder,
                         [&](int a, int b) { return t.salaries[a - 1] > t.salaries[b - 1]; });
        int waiting[kMaxPlayers], nwaiting = nseating;
        int64_t bribe_of[kMaxPlayers] = {};
        for (int i = 0; i < nseating; ++i) {
            waiting[i] = seating[i];
            bribe_of[seating[i]] = paid(seating[i], false);
        }
        bool wish[kMaxPlayers] = {};
        int64_t wish_amount[kMaxPlayers] = {};
        int wish_room[kMaxPlayers] = {};
        for (int i = 0; i < noffers; ++i)
            if (offers[i].round == round && offers[i].palace == turn) {
                wish[offers[i].payer] = true;
                wish_amount[offers[i].payer] = offers[i].amount;
                wish_room[offers[i].payer] = offers[i].room;
            }
        auto price = [&](int room, int player) {
            const int64_t extra =
                static_cast<int64_t>(t.salaries[room - 1] - worst) * left_for(player);
            return kPriceShare * static_cast<double>(extra) * (0.5 + threat(player, 0));
        };
        std::stable_sort(waiting, waiting + nwaiting,
                         [&](int a, int b) { return bribe_of[a] > bribe_of[b]; });
        const int pending_player = seating[0];
        for (int w = 0; w < nwaiting; ++w) {
            const int sender = waiting[w];
            int affordable[kMaxRooms], naff = 0;
            for (int i = 0; i < norder; ++i)
                if (price(order[i], sender) <= static_cast<double>(bribe_of[sender]))
                    affordable[naff++] = order[i];
            int choice = naff ? affordable[0] : order[norder - 1];
            if (wish[sender]) {
                bool in = false;
                for (int i = 0; i < naff; ++i) in = in || affordable[i] == wish_room[sender];
                if (in && bribe_of[sender] >= wish_amount[sender]) choice = wish_room[sender];
            }
            if (sender == pending_player) return position(t.room_at + choice - 1);
            int at = 0;
            while (order[at] != choice) ++at;
            for (int i = at + 1; i < norder; ++i) order[i - 1] = order[i];
            --norder;
        }
        return position(t.room_at + order[norder - 1] - 1);
    }

    // SEND
    int best[kMaxLegal], nbest = 0;
    double best_score = -std::numeric_limits<double>::infinity();
    for (int i = 0; i < m; ++i) {
        const int k = legal_[i] - t.send_at;
        const int prof = k / (n - 1), palace = (me + k % (n - 1) + 1) % n;
        int holder = -1;
        for (int r = 0; r < t.rooms && holder < 0; ++r)
            if (!rooms[palace][r].empty() && rooms[palace][r].prof == prof) holder = r;
        double score;
        if (holder >= 0) {
            score = rooms[palace][holder].owner == me ? -1e9 : 0.4 * t.salaries[holder];
        } else {
            int free_[kMaxRooms], nf = 0;
            for (int r = 0; r < t.rooms; ++r)
                if (rooms[palace][r].empty()) free_[nf++] = t.salaries[r];
            std::sort(free_, free_ + nf, [](int a, int b) { return a > b; });
            int ahead = 0;
            bool waiting = false;
            for (int j = 0; j < nparks[palace]; ++j) {
                if (parks[palace][j].prof != prof)
                    ++ahead;
                else
                    waiting = true;
            }
            score = nf ? static_cast<double>(free_[std::min(ahead, nf - 1)]) : 0.0;
            if (waiting) score *= 0.3;
        }
        score += 0.01 * supply[me][prof];
        if (score > best_score) {
            nbest = 0;
            best[nbest++] = i;
            best_score = score;
        } else if (score == best_score) {
            best[nbest++] = i;
        }
    }
    return nbest == 1 ? best[0] : best[rng.randbelow(static_cast<uint32_t>(nbest))];
}

// -- heuristics.py: the evaluation -----------------------------------------------------------
// `incomes_left` and `evaluate`: the reference's doubles in the reference's order (each
// estimate a float from the money, the salaries to come added palace by palace and room by
// room as INCOME_CERTAINTY * salary * incomes left; the softness from the share of turns
// played; tanh from the C library CPython's math.tanh calls, the sum as Python's sum()), so
// the values are equal bit for bit.
namespace {
constexpr double kIncomeCertainty = 0.8;                // heuristics.INCOME_CERTAINTY
constexpr double kEarlySpread = 0.5, kLateSpread = 0.05;  // heuristics.EARLY_/LATE_SPREAD
}  // namespace

void State::evaluate(double* out) const {
    const int n = t.players;
    double estimate[kMaxPlayers];
    for (int p = 0; p < n; ++p) estimate[p] = static_cast<double>(money[p]);
    for (int palace = 0; palace < n; ++palace)
        for (int number = 0; number < t.rooms; ++number) {
            const Fig f = rooms[palace][number];
            if (f.empty() || f.owner == palace) continue;
            const int left = t.rounds - round + ((f.owner > turn && round > 1) ? 1 : 0);
            estimate[f.owner] += kIncomeCertainty * static_cast<double>(t.salaries[number]) *
                                 static_cast<double>(left);
        }
    const double played = static_cast<double>((round - 1) * n + turn) /
                          static_cast<double>(t.rounds * n);
    const double spread = static_cast<double>(t.start) *
                          (kLateSpread + (kEarlySpread - kLateSpread) * (1.0 - played));
    for (int p = 0; p < n; ++p) {
        PySum sum;
        for (int q = 0; q < n; ++q)
            if (q != p) sum.add(std::tanh((estimate[p] - estimate[q]) / spread));
        out[p] = sum.value() / (n - 1);
    }
}

}  // namespace tavola::intrige
