//! The search: exact minimax value of the rest of a round with every hand known.
//!
//! Alpha-beta over the cards still to play, the value being the card points team 0
//! takes from here to the end minus the other team's, with the last-trick bonus (or the
//! capot bonus instead of it when one team takes every trick). A transposition table at
//! trick starts keeps bounds; moves are ordered (the table's best card first, then the
//! masters, then (no trump left) the weakest card of each suit whose master the partner
//! holds, then the other leads by the length of their suit (the longest first in tout
//! atout, the shortest elsewhere) and from the weakest up; following, the partner
//! winning: most points first, else the cheapest card that wins, then the cheapest
//! discard); equivalent cards (one suit, adjacent in strength among the live cards, the
//! same points) are one move.
//! Before its search a trick start is bounded by sure tricks: the leader's sure winners
//! (cards no other seat's card beats, and the whole of a suit whose masters are at least
//! as many as any other seat's cards of it: cashed one after the other, each wins its
//! trick), then its partner's when the leader can reach them (a card of a suit whose
//! master the partner holds); the leader's side takes at least their points and the
//! cheapest cards the others can play to them, the other side at most the rest; every
//! card a sure winner is every trick, an exact value. When neither has any, the
//! strongest trumps held by one seat are sure tricks too (each wins the trick it is
//! played to).

use crate::rules::Rules;
use crate::table::Table;

pub const INF: i32 = 30000;

/// Tricks left at which a trick start is searched once with a full window.
const ENDGAME: u32 = 2;
const NONE: u8 = 255;
/// The first jump of [`Search::mtdf`]'s tests after two failing the same way.
const STRIDE: i32 = 8;
/// Between bounds further apart than this, [`Search::mtdf`] tests the middle.
const BISECT: i32 = 4;
/// Most moves one seat can have (a hand of at most 16 cards).
const MAX_MOVES: usize = 16;

pub struct Search<'a> {
    pub r: &'a Rules,
    pub tt: &'a mut Table,
    pub hands: [u32; 4],
    pub nodes: u64,
    /// Stop once this many nodes are searched (the answer is then dropped).
    pub node_limit: u64,
    pub out_of_nodes: bool,
    /// Whether trick starts are bounded by the leader's sure winners (the rules allow it:
    /// [`Rules::quick_bounds`]).
    pub bounds: bool,
}

#[derive(Clone, Copy)]
struct Trick {
    leader: usize,
    cards: [u8; 4],
    n: usize,
    win: usize,
    points: i32,
}

impl<'a> Search<'a> {
    #[inline]
    fn live(&self) -> u32 {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
    }

    #[inline]
    fn capot_possible(&self, taken: u8) -> bool {
        self.r.capot_bonus.is_some() && taken != 3
    }

    /// The largest end-of-round bonus one team can still get.
    #[inline]
    fn bonus_bound(&self, taken: u8) -> i32 {
        match self.r.capot_bonus {
            Some(c) if taken != 3 => c.max(self.r.last_bonus),
            _ => self.r.last_bonus,
        }
    }

    /// The value for team 0 of the rest of the round from the start of a trick.
    pub fn trick_start(&mut self, leader: usize, taken: u8, mut alpha: i32, mut beta: i32) -> i32 {
        let live = self.live();
        let bound = self.r.set_points(live) + self.bonus_bound(taken);
        if bound <= alpha {
            return bound;
        }
        if -bound >= beta {
            return -bound;
        }
        let taken = if self.capot_possible(taken) { taken } else { 3 };
        let left = self.hands[leader].count_ones();
        if left == 1 {
            return self.last_trick(leader, taken);
        }
        let meta = leader as u8 | taken << 2;
        let key = self.r.canonical(&self.hands, live);
        let bucket = self.tt.bucket(&key, meta);
        // Bounds by sure tricks before the table's when it is large (its entry's memory
        // is fetched meanwhile), after them when it is small (a probe costs less).
        let early = self.tt.len() > 1 << 18;
        if early {
            self.tt.prefetch(bucket);
            if let Some(value) = self.sure_bound(leader, live, taken, alpha, beta) {
                return value;
            }
        }
        let (mut low, mut high, mut hint) = (-bound, bound, NONE);
        if let Some(e) = self.tt.probe(bucket, &key, meta) {
            low = low.max(e.lower as i32);
            high = high.min(e.upper as i32);
            if e.best != NONE {
                hint = self.r.uncanonical(e.best, live);
            }
            if low >= beta {
                return low;
            }
            if high <= alpha {
                return high;
            }
            if low == high {
                return low;
            }
            alpha = alpha.max(low);
            beta = beta.min(high);
        }
        if !early {
            if let Some(value) = self.sure_bound(leader, live, taken, alpha, beta) {
                return value;
            }
        }
        let trick = Trick {
            leader,
            cards: [0; 4],
            n: 0,
            win: 0,
            points: 0,
        };
        let exact = left <= ENDGAME;
        // A short ending: its exact value, searched once with a full window, serves every
        // later window (a null window would search it again for each bound).
        let window = if exact {
            (low - 1, high + 1)
        } else {
            (alpha, beta)
        };
        let (value, best) = self.play(trick, taken, window.0, window.1, hint);
        if self.out_of_nodes {
            return value; // meaningless, and not stored
        }
        if exact {
            (low, high) = (value, value);
        } else if value <= alpha {
            high = high.min(value);
        } else if value >= beta {
            low = low.max(value);
        } else {
            (low, high) = (value, value);
        }
        let best = self.r.canonical_card(best, live);
        let size = live.count_ones() as u8;
        self.tt
            .store(bucket, &key, meta, size, low, high.max(low), best);
        value
    }

    /// The value when the sure tricks ([`Search::sure_tricks`]) decide it or bound it
    /// outside the window (`None`: neither).
    fn sure_bound(
        &self,
        leader: usize,
        live: u32,
        taken: u8,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        if !self.bounds {
            return None;
        }
        let (seat, k, sure) = self.sure_tricks(leader, live);
        let side = self.r.team[seat];
        let left = self.hands[leader].count_ones();
        if k == left && self.capot_possible(taken | 1 << side) {
            // every trick to that side, the capot (the most it can get)
            return Some(self.last(self.r.set_points(live), side, taken | 1 << side));
        }
        if k == left && self.r.last_bonus >= 0 {
            // every trick, the last one's bonus: the most it can get without the capot
            return Some(self.last(self.r.set_points(live), side, 3));
        }
        if k > 0 {
            // That side takes at least those cards and the ones played to them; the
            // other side at most the rest and the last trick's bonus (no capot: the
            // first side takes a trick).
            let bound = 2 * sure - self.r.set_points(live) - self.r.last_bonus.abs();
            if side == 0 && bound >= beta {
                return Some(bound);
            }
            if side == 1 && -bound <= alpha {
                return Some(-bound);
            }
        }
        None
    }

    /// Tricks a seat surely wins: the leader's sure winners ([`Search::winners`]), with
    /// its partner's when it can reach them, else the partner's when it can, else the
    /// strongest trumps when one seat holds them (each wins the trick it is
    /// played to, whatever is led). Returns the seat, how many, and their points with the
    /// fewest points the other seats can play to them.
    fn sure_tricks(&self, leader: usize, live: u32) -> (usize, u32, i32) {
        let r = self.r;
        let (k, points, _, won) = self.winners(leader, live);
        let left = self.hands[leader].count_ones();
        if k == left {
            return (leader, k, r.set_points(live)); // every trick
        }
        let partner = r.partner[leader] as usize;
        if partner < r.players && r.master_follows {
            // The leader leads a suit whose master its partner holds: the partner wins
            // that trick and cashes the rest of its sure winners (they stay winners).
            let (pk, p_points, masters, p_won) = self.winners(partner, live);
            let partner_hand = self.hands[partner];
            if pk > 0 && self.hands[leader] & masters != 0 {
                if k == 0 {
                    return (partner, pk, self.played_to(partner, pk, p_points));
                }
                // The leader cashes its winners first: the partner follows with cards of
                // their suits (none of them its winners) or discards others (its other
                // cards first, then winners that leave the rest winners: a long suit's
                // weakest, or masters), keeping a master to win the lead: it may, holding
                // no trump where a seat without the suit led or trumps plays anything, or
                // whatever it holds where a seat may discard while its partner wins.
                if r.partner_discards || r.free_discards && partner_hand & r.trumps == 0 {
                    if k + pk >= left {
                        // so many that the side takes every trick
                        return (leader, left, r.set_points(live));
                    }
                    let both = k + pk;
                    let mut sure = points + p_points;
                    sure += self.cheapest(self.hands[leader] & !won, pk);
                    sure += self.cheapest(partner_hand & !p_won, k);
                    for i in [1, 3] {
                        sure += self.cheapest(self.hands[r.seat(leader + i)], both);
                    }
                    return (leader, both, sure);
                }
            }
        }
        if k > 0 {
            return (leader, k, self.played_to(leader, k, points));
        }
        let tables = r.tables();
        let mut trumps = live & r.trumps;
        let (mut seat, mut k, mut points) = (leader, 0, 0);
        while trumps != 0 {
            // the strongest trump left: the strongest of each suit's trumps
            let mut top = NONE as usize;
            for s in 0..4 {
                let b = (trumps >> (8 * s) & 255) as usize;
                if b != 0 {
                    let c = 8 * s + tables.master[s][b] as usize;
                    if top == NONE as usize || r.key[c] > r.key[top] {
                        top = c;
                    }
                }
            }
            let holder = (0..r.players)
                .find(|&p| self.hands[p] >> top & 1 == 1)
                .unwrap_or(leader);
            if k > 0 && holder != seat {
                break;
            }
            seat = holder;
            k += 1;
            points += r.points[top];
            trumps &= !(1 << top);
        }
        if k == 0 {
            return (leader, 0, 0);
        }
        (seat, k, self.played_to(seat, k, points))
    }

    /// `points` and the fewest points the seats other than `seat` can play to `k` tricks
    /// (each plays as many cards, at least its cheapest).
    fn played_to(&self, seat: usize, k: u32, mut points: i32) -> i32 {
        for i in 1..self.r.players {
            points += self.cheapest(self.hands[self.r.seat(seat + i)], k);
        }
        points
    }

    /// The sure winners of `seat` on lead: its cards that no card of another seat beats
    /// (played one after the other, each wins its trick and keeps the lead). Returns how
    /// many, their points, the suits (all their cards) whose strongest card it holds, and
    /// the winners.
    fn winners(&self, seat: usize, live: u32) -> (u32, i32, u32, u32) {
        let r = self.r;
        let mine = self.hands[seat];
        let others = live & !mine;
        // Another seat's trump beats every other suit's card (the trumps are one suit),
        // but the partner's need not when a seat may discard while its partner wins.
        let mut ruffers = others;
        if r.partner_discards {
            ruffers &= !self.hands[r.partner[seat] as usize];
        }
        let ruff = ruffers & r.trumps != 0;
        let (mut masters_of, mut won) = (0, 0);
        for (s, above) in r.tables().above.iter().enumerate() {
            let shift = 8 * s;
            let suit = mine >> shift & 255;
            let trumps = r.trumps >> shift & 255 != 0;
            if suit == 0 || ruff && !trumps {
                continue;
            }
            let mut cards = suit & above[(others >> shift & 255) as usize] as u32;
            if cards == 0 {
                continue;
            }
            masters_of |= 255 << shift;
            // A long suit: its masters outnumber every other seat's cards of the suit,
            // which are gone once they are cashed (each seat follows suit), and nobody
            // can beat its other cards (no other seat holds a trump, or it is trumps).
            if r.must_follow && (!ruff || trumps) {
                let longest = (1..r.players)
                    .map(|i| (self.hands[r.seat(seat + i)] >> shift & 255).count_ones())
                    .max()
                    .unwrap_or(0);
                if cards.count_ones() >= longest {
                    cards = suit;
                }
            }
            won |= cards << shift;
        }
        (won.count_ones(), r.set_points(won), masters_of, won)
    }

    /// The key of the strongest card of `set` in suit `s` (-1: none).
    #[inline]
    fn top_key(&self, s: usize, set: u32) -> i32 {
        let b = (set >> (8 * s) & 255) as usize;
        if b == 0 {
            -1
        } else {
            self.r.key[8 * s + self.r.tables().master[s][b] as usize] as i32
        }
    }

    /// The key of the strongest trump of `set` (-1: none).
    #[inline]
    fn top_trump_key(&self, set: u32) -> i32 {
        let trumps = set & self.r.trumps;
        if trumps == 0 {
            return -1;
        }
        (0..4).map(|s| self.top_key(s, trumps)).max().unwrap_or(-1)
    }

    /// Whether a card of `set` beats `best` (the suit led `led`): one of the suit led or a
    /// trump with a higher key.
    #[inline]
    fn can_beat(&self, set: u32, best: u8, led: u8) -> bool {
        let key = self.r.key[best as usize] as i32;
        self.top_key(led as usize, set) > key || self.top_trump_key(set) > key
    }

    /// The fewest points `k` cards of `hand` hold.
    fn cheapest(&self, hand: u32, k: u32) -> i32 {
        let (mut left, mut points) = (k, 0);
        for &(cards, p) in &self.r.point_classes {
            let n = (hand & cards).count_ones().min(left);
            points += n as i32 * p;
            left -= n;
            if left == 0 {
                break;
            }
        }
        points
    }

    /// One card each left: the trick plays itself.
    fn last_trick(&mut self, leader: usize, taken: u8) -> i32 {
        self.nodes += 1;
        let p = self.r.players;
        let mut cards = [0u8; 4];
        for i in 0..p {
            cards[i] = self.hands[self.r.seat(leader + i)].trailing_zeros() as u8;
        }
        let win = self.r.winning_index(&cards[..p]);
        let winner = self.r.seat(leader + win);
        let team = self.r.team[winner];
        let taken = taken | 1 << team;
        let points: i32 = cards[..p].iter().map(|&c| self.r.points[c as usize]).sum();
        self.last(points, team, taken)
    }

    /// The value (team 0) of the last trick: its points and the last-trick bonus, or the
    /// capot bonus when one team took every trick (`taken`, this one included).
    #[inline]
    fn last(&self, points: i32, team: u8, taken: u8) -> i32 {
        let bonus = if self.capot_possible(taken) {
            self.r.capot_bonus.unwrap_or(0)
        } else {
            self.r.last_bonus
        };
        if team == 0 {
            points + bonus
        } else {
            -points - bonus
        }
    }

    /// The moves of the seat to play: its legal cards, equivalent ones merged (the
    /// weakest of each group stands for it), best first. Returns how many.
    fn moves(&self, t: &Trick, legal: u32, hint: u8, out: &mut [u8; MAX_MOVES]) -> usize {
        if legal != 0 && legal & (legal - 1) == 0 {
            // one legal card (a seat following with its last card of the suit, say)
            out[0] = legal.trailing_zeros() as u8;
            return 1;
        }
        let r = self.r;
        let tables = r.tables();
        let mut live = self.live();
        for &c in &t.cards[..t.n] {
            live |= 1 << c;
        }
        let mut keys = [0i32; MAX_MOVES];
        let mut n = 0;
        let seat = r.seat(t.leader + t.n);
        let (led, best) = (t.cards[0] >> 3, t.cards[t.win]);
        let partner = t.n > 0 && r.team[r.seat(t.leader + t.win)] == r.team[seat];
        // The partner wins and nobody after the mover can beat it: give points.
        let mut sure = partner;
        if partner {
            let mut after = 0;
            for i in t.n + 1..r.players {
                after |= self.hands[r.seat(t.leader + i)];
            }
            sure = !self.can_beat(after, best, led);
        }
        // leads to the partner's masters, while no trump is left (with trumps the first
        // ones are better, ruffs aside)
        let lead_partner =
            t.n == 0 && (r.partner[seat] as usize) < r.players && live & r.trumps == 0;
        for s in 0..4 {
            let shift = 8 * s;
            let mine = (legal >> shift & 255) as usize;
            if mine == 0 {
                continue;
            }
            let live_s = (live >> shift & 255) as usize;
            let mut reps = tables.reps[s][live_s][mine] as u32;
            // a lead of the master's group (the strongest group, when the master is legal)
            let master_rank = tables.master[s][live_s] as usize;
            let lead_master = t.n == 0 && mine >> master_rank & 1 == 1;
            let first = n;
            let length = mine.count_ones() as i32;
            let mut strongest = NONE;
            while reps != 0 {
                let c = (shift as u32 + reps.trailing_zeros()) as u8;
                reps &= reps - 1;
                let points = r.points[c as usize];
                let strength = (r.key[c as usize] & 15) as i32;
                let key = if t.n == 0 {
                    if strongest == NONE
                        || strength > (r.key[out[strongest as usize] as usize] & 15) as i32
                    {
                        strongest = n as u8;
                    }
                    -strength * 64 - points + r.lead_length * length
                } else if partner && sure {
                    points * 64 + strength
                } else if partner {
                    -points * 64 - strength
                } else if r.beats(c, best, led) {
                    10_000 - points * 64 - strength
                } else {
                    -points * 64 - strength
                };
                out[n] = c;
                keys[n] = key;
                n += 1;
            }
            if lead_master && strongest != NONE {
                let i = strongest as usize;
                let c = out[i] as usize;
                keys[i] = 5_000 + r.points[c] * 64 + (r.key[c] & 15) as i32;
            } else if lead_partner
                && self.hands[r.partner[seat] as usize] >> (shift + master_rank) & 1 == 1
            {
                // a lead to the partner's master: its weakest card
                keys[first] += 4_000;
            }
            if hint >> 3 == s as u8 {
                for i in first..n {
                    if out[i] == hint {
                        keys[i] = i32::MAX;
                    }
                }
            }
        }
        // insertion sort, highest key first
        for i in 1..n {
            let (c, k) = (out[i], keys[i]);
            let mut j = i;
            while j > 0 && keys[j - 1] < k {
                out[j] = out[j - 1];
                keys[j] = keys[j - 1];
                j -= 1;
            }
            out[j] = c;
            keys[j] = k;
        }
        n
    }

    fn legal(&self, t: &Trick, hand: u32) -> u32 {
        if t.n == 0 {
            return hand;
        }
        let r = self.r;
        let mover = r.seat(t.leader + t.n);
        let winner = r.seat(t.leader + t.win);
        let partner_winning = r.partner[mover] as usize == winner;
        let situation = ((t.cards[0] as usize >> 3) << 6)
            | ((t.cards[t.win] as usize) << 1)
            | partner_winning as usize;
        r.legal_in(hand, situation)
    }

    /// The value (team 0) of the trick in progress and the rest, and the best card.
    fn play(&mut self, t: Trick, taken: u8, mut alpha: i32, mut beta: i32, hint: u8) -> (i32, u8) {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            self.out_of_nodes = true;
            return (0, NONE);
        }
        let r = self.r;
        let seat = r.seat(t.leader + t.n);
        let hand = self.hands[seat];
        let legal = self.legal(&t, hand);
        let mut moves = [0u8; MAX_MOVES];
        let count = self.moves(&t, legal, hint, &mut moves);
        let maximizing = r.team[seat] == 0;
        let mut best = if maximizing { -INF } else { INF };
        let mut best_card = moves[0];
        for &c in &moves[..count] {
            let value = self.after(t, c, taken, alpha, beta);
            if self.out_of_nodes {
                return (0, NONE);
            }
            if maximizing {
                if value > best {
                    best = value;
                    best_card = c;
                    if value > alpha {
                        alpha = value;
                    }
                }
            } else if value < best {
                best = value;
                best_card = c;
                if value < beta {
                    beta = value;
                }
            }
            if alpha >= beta {
                break;
            }
        }
        (best, best_card)
    }

    /// The value (team 0) once the seat to play has played `c`.
    fn after(&mut self, t: Trick, c: u8, taken: u8, alpha: i32, beta: i32) -> i32 {
        let r = self.r;
        let seat = r.seat(t.leader + t.n);
        let mut next = t;
        next.cards[t.n] = c;
        next.n += 1;
        next.points += r.points[c as usize];
        if t.n > 0 && r.beats(c, t.cards[t.win], t.cards[0] >> 3) {
            next.win = t.n;
        }
        self.hands[seat] &= !(1u32 << c);
        let value = if next.n < r.players {
            self.play(next, taken, alpha, beta, NONE).0
        } else {
            let winner = r.seat(t.leader + next.win);
            let team = r.team[winner];
            let taken = taken | 1 << team;
            if self.hands[winner] == 0 {
                self.last(next.points, team, taken)
            } else {
                let gain = if team == 0 { next.points } else { -next.points };
                gain + self.trick_start(winner, taken, alpha - gain, beta - gain)
            }
        };
        self.hands[seat] |= 1u32 << c;
        value
    }

    /// The exact value (team 0) of each move of the seat to play in the trick
    /// `cards` led by `leader`; `wanted`: the cards asked about (their groups are
    /// searched); `beta`: instead of each value, one null-window test at `beta`, a
    /// fraction of the nodes: an answer at least `beta` is a lower bound of the value, one
    /// below it an upper bound. Returns (card, value) for every legal card in a searched
    /// group.
    pub fn root(
        &mut self,
        leader: usize,
        cards: &[u8],
        taken: u8,
        wanted: u32,
        beta: Option<i32>,
    ) -> Vec<(u8, i32)> {
        let r = self.r;
        let mut t = Trick {
            leader,
            cards: [0; 4],
            n: cards.len(),
            win: 0,
            points: 0,
        };
        t.cards[..cards.len()].copy_from_slice(cards);
        t.points = cards.iter().map(|&c| r.points[c as usize]).sum();
        if !cards.is_empty() {
            t.win = r.winning_index(cards);
        }
        let taken = if self.capot_possible(taken) { taken } else { 3 };
        let seat = r.seat(leader + cards.len());
        let legal = self.legal(&t, self.hands[seat]);
        let mut moves = [0u8; MAX_MOVES];
        let count = self.moves(&t, legal, NONE, &mut moves);
        let mut out = Vec::new();
        let mut guess = 0;
        for &c in &moves[..count] {
            let group = self.group_of(&t, legal, c);
            if group & wanted == 0 {
                continue;
            }
            let value = match beta {
                Some(b) => self.after(t, c, taken, b - 1, b),
                None => self.mtdf(t, c, taken, guess),
            };
            if self.out_of_nodes {
                return Vec::new();
            }
            guess = value;
            for m in 0..32u8 {
                if group >> m & 1 == 1 {
                    out.push((m, value));
                }
            }
        }
        out.sort();
        out
    }

    /// The exact value of playing `c` by null-window searches (MTD(f)) from `guess`: each
    /// one tells whether the value is below a bound, the table keeps what they learn.
    /// Each test is at the bound the previous one returned, except after two or more
    /// failing the same way: then the next bound is further on, by [`STRIDE`] times 1, 2,
    /// 4... (the value is often far from the guess: fewer tests, and a failed one costs
    /// little with the bounds the table already holds); once a jump went past the value,
    /// the middle of the bounds (above [`BISECT`] points apart).
    fn mtdf(&mut self, t: Trick, c: u8, taken: u8, guess: i32) -> i32 {
        let (mut lower, mut upper) = (-INF, INF);
        let mut g = guess;
        // the direction of the last tests (-1 down, 1 up) and how many in a row
        let (mut direction, mut run) = (0, 0);
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            g = self.after(t, c, taken, beta - 1, beta);
            if self.out_of_nodes {
                return 0;
            }
            let now = if g < beta { -1 } else { 1 };
            run = if now == direction { run + 1 } else { 0 };
            direction = now;
            let jump = if run == 0 {
                0
            } else {
                STRIDE << (run - 1).min(8)
            };
            if now < 0 {
                upper = g;
                g = (g - jump).max(lower + 1);
            } else {
                lower = g;
                g = (g + jump).min(upper);
            }
            if lower > -INF && upper < INF && upper - lower > BISECT {
                // a jump went past the value: halve what is left
                g = lower + (upper - lower + 1) / 2;
            }
        }
        lower
    }

    /// The cards of `legal` equivalent to the representative `c` (its group).
    fn group_of(&self, t: &Trick, legal: u32, c: u8) -> u32 {
        let r = self.r;
        let mut live = self.live();
        for &x in &t.cards[..t.n] {
            live |= 1 << x;
        }
        let s = (c >> 3) as usize;
        let mut group = 0u32;
        let mut open = false;
        for &x in &r.order[s] {
            if live >> x & 1 == 0 {
                continue;
            }
            if x == c {
                open = true;
                group |= 1 << x;
                continue;
            }
            if open {
                if legal >> x & 1 == 1 && r.points[x as usize] == r.points[c as usize] {
                    group |= 1 << x;
                } else {
                    break;
                }
            }
        }
        group
    }
}
