//! The rules of one round (a ruleset and a trump mode) as the search needs them.
//!
//! Nothing here decides a rule: every table comes from the Python engine
//! (`service/players/dds.py`, `core_rules`): the obligations of each situation (the
//! engine's own list of `(applies_if, keep)` steps), each card's key in a trick, its
//! points, the bonuses, the teams and partners. This module only applies them.

/// Situations: suit led (2 bits), winning card (5 bits), the mover's partner winning (1 bit).
pub const SITUATIONS: usize = 256;
/// At most this many obligation steps in one situation.
pub const MAX_STEPS: usize = 4;

pub struct Rules {
    pub players: usize,
    pub team: [u8; 4],
    /// The mover's partner seat, or `u8::MAX` when seats have no partner.
    pub partner: [u8; 4],
    pub points: [i32; 32],
    /// The engine's key of a card in a trick: 16 + strength for a card of the trump
    /// suit, its strength otherwise (it beats only the suit led).
    pub key: [u8; 32],
    /// The cards whose key is 16 or more (they beat any suit led).
    pub trumps: u32,
    pub steps: Vec<[(u32, u32); MAX_STEPS]>,
    pub step_count: Vec<u8>,
    pub last_bonus: i32,
    /// The last trick's bonus when one team took every trick (`None`: no capot).
    pub capot_bonus: Option<i32>,
    /// Whether the search may bound a trick start by the leader's sure winners: the
    /// capot, when there is one, is worth at least the last trick's bonus either way.
    pub quick_bounds: bool,
    /// Whether a seat holding a card of the suit led must play one, in every situation
    /// (the engine's first obligation): then a suit's cards are exhausted as it is led.
    pub must_follow: bool,
    /// Whether a seat following suit may always play a card of the suit led stronger
    /// than every card of the trick (no obligation of any situation, the suit led
    /// winning, ever drops one).
    pub master_follows: bool,
    /// Whether a seat holding neither a card of the suit led nor a trump may play any
    /// card (no obligation of any situation is about other cards).
    pub free_discards: bool,
    /// Whether, its partner winning, a seat without a card of the suit led may play any
    /// card (no obligation of those situations is about other cards), in a game with
    /// partners.
    pub partner_discards: bool,
    /// The weight of the suit's length in the order of leads (before the card's own
    /// strength): positive, the longest suits first, where a follower must overtake in
    /// a suit without trumps (tout atout); negative, the shortest first, elsewhere. As
    /// measured: nodes -8% (tout atout), -11% (a suit contract), -2% (sans atout).
    pub lead_length: i32,
    /// The cards by their points, fewest first: each distinct value and its cards.
    pub point_classes: Vec<(u32, i32)>,
    /// Each suit's cards, weakest first.
    pub order: [[u8; 8]; 4],
    /// Per suit, the points of each of the 256 subsets of its cards.
    pub suit_points: [[i32; 256]; 4],
    /// The number of distinct rule sets made so far, as an identity for the tables.
    pub id: u64,
    /// The search's tables, made on the first search (checking legal cards needs none).
    tables: std::sync::OnceLock<Tables>,
}

/// Tables of the search that depend on the cards' order and points (half a megabyte).
pub struct Tables {
    /// Per suit, per set of its live cards (a byte of ranks), per subset of them: the
    /// subset in the canonical position (see [`Tables::new`]).
    pub canon: Vec<[[u8; 256]; 256]>,
    /// Per suit and set of live cards: the live rank standing at each canonical rank.
    pub uncanon: Vec<[[u8; 8]; 256]>,
    /// Per suit, per set of live cards, per set of legal ones: the ranks that stand for
    /// their groups of equivalent cards (adjacent in strength among the live cards, the
    /// same points), the weakest of each group.
    pub reps: Vec<[[u8; 256]; 256]>,
    /// Per suit and set of live cards: the strongest live rank (the master), or 255.
    pub master: [[u8; 256]; 4],
    /// Per suit and set of live cards: the ranks stronger than all of them.
    pub above: [[u8; 256]; 4],
}

static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl Rules {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        players: usize,
        team: &[u8],
        partner: &[Option<u8>],
        points: &[i32],
        key: &[u8],
        steps: &[Vec<(u32, u32)>],
        last_bonus: i32,
        capot_bonus: Option<i32>,
    ) -> Result<Rules, String> {
        if !(players == 2 || players == 4) {
            return Err(format!("{players} players: the core plays 2 or 4"));
        }
        if team.len() != players || partner.len() != players {
            return Err("one team and one partner per seat".into());
        }
        if points.len() != 32 || key.len() != 32 {
            return Err("points and keys of the 32 cards".into());
        }
        if steps.len() != SITUATIONS {
            return Err(format!("{SITUATIONS} situations of obligations"));
        }
        let mut r = Rules {
            players,
            team: [0; 4],
            partner: [u8::MAX; 4],
            points: [0; 32],
            key: [0; 32],
            trumps: 0,
            steps: vec![[(0, 0); MAX_STEPS]; SITUATIONS],
            step_count: vec![0; SITUATIONS],
            last_bonus,
            capot_bonus,
            quick_bounds: capot_bonus.is_none_or(|c| c >= last_bonus.abs()),
            must_follow: false,
            master_follows: false,
            free_discards: false,
            partner_discards: false,
            point_classes: Vec::new(),
            lead_length: -1000,
            order: [[0; 8]; 4],
            suit_points: [[0; 256]; 4],
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            tables: std::sync::OnceLock::new(),
        };
        for s in 0..players {
            if team[s] > 1 {
                return Err("teams are 0 and 1".into());
            }
            r.team[s] = team[s];
            if let Some(p) = partner[s] {
                if p as usize >= players {
                    return Err("a partner is a seat".into());
                }
                r.partner[s] = p;
            }
        }
        for c in 0..32 {
            r.points[c] = points[c];
            if key[c] >= 32 {
                return Err("a card's key is below 32".into());
            }
            r.key[c] = key[c];
            if key[c] >= 16 {
                r.trumps |= 1 << c;
            }
        }
        for (i, list) in steps.iter().enumerate() {
            if list.len() > MAX_STEPS {
                return Err(format!("at most {MAX_STEPS} obligations in a situation"));
            }
            for (j, &step) in list.iter().enumerate() {
                r.steps[i][j] = step;
            }
            r.step_count[i] = list.len() as u8;
        }
        if r.trumps != 0 && (0..4).all(|s| r.trumps != 255 << (8 * s)) {
            return Err("the trumps (keys of 16 or more) are one suit or none".into());
        }
        let mut values: Vec<i32> = r.points.to_vec();
        values.sort_unstable();
        values.dedup();
        for p in values {
            let cards = (0..32)
                .filter(|&c| r.points[c] == p)
                .map(|c| 1u32 << c)
                .sum();
            r.point_classes.push((cards, p));
        }
        if r.trumps == 0 && (0..SITUATIONS).any(|i| r.overtakes(i)) {
            r.lead_length = 1000;
        }
        r.must_follow = (0..SITUATIONS).all(|i| r.follows_suit(i));
        r.master_follows = r.must_follow && (0..SITUATIONS).all(|i| r.keeps_masters(i));
        r.free_discards = (0..SITUATIONS).all(|i| {
            let free = !(255u32 << (8 * (i >> 6)) | r.trumps);
            !r.possible(i)
                || r.steps[i][..r.step_count[i] as usize]
                    .iter()
                    .all(|&(applies_if, _)| applies_if & free == 0)
        });
        r.partner_discards = r.must_follow
            && (0..players).all(|s| (r.partner[s] as usize) < players)
            && (0..SITUATIONS).all(|i| {
                let suit = 255u32 << (8 * (i >> 6));
                !r.possible(i)
                    || i & 1 == 0
                    || r.steps[i][..r.step_count[i] as usize]
                        .iter()
                        .all(|&(applies_if, _)| applies_if & !suit == 0)
            });
        for s in 0..4 {
            let mut cards: Vec<u8> = (0..8).map(|k| (8 * s + k) as u8).collect();
            cards.sort_by_key(|&c| r.key[c as usize] & 15);
            r.order[s].copy_from_slice(&cards);
            for b in 0..256 {
                r.suit_points[s][b] = (0..8)
                    .filter(|k| b >> k & 1 == 1)
                    .map(|k| r.points[8 * s + k])
                    .sum();
            }
        }
        Ok(r)
    }

    /// Whether situation `i` can happen: its winning card is of the suit led or a trump.
    fn possible(&self, i: usize) -> bool {
        let winning = (i >> 1) & 31;
        winning >> 3 == i >> 6 || self.trumps >> winning & 1 == 1
    }

    /// Whether situation `i`, a suit without trumps led and winning, obliges a follower
    /// to play above the winning card: an obligation keeps some of the suit's cards but
    /// not all.
    fn overtakes(&self, i: usize) -> bool {
        let suit = 255u32 << (8 * (i >> 6));
        let winning = (i >> 1) & 31;
        winning >> 3 == i >> 6
            && self.trumps & suit == 0
            && self.steps[i][..self.step_count[i] as usize]
                .iter()
                .any(|&(_, keep)| keep & suit != 0 && keep & suit != suit)
    }

    /// Whether situation `i` makes a hand holding a card of the suit led play one: an
    /// obligation that applies to every such hand and keeps only cards of that suit,
    /// after obligations that keep every card of it. True of the situations that cannot
    /// happen.
    fn follows_suit(&self, i: usize) -> bool {
        let suit = 255u32 << (8 * (i >> 6));
        if !self.possible(i) {
            return true;
        }
        for &(applies_if, keep) in &self.steps[i][..self.step_count[i] as usize] {
            if applies_if & suit == suit && keep & !suit == 0 {
                return true;
            }
            if keep & suit != suit {
                return false;
            }
        }
        false
    }

    /// Whether situation `i`, the suit led winning, keeps a following seat's cards of
    /// that suit above the winning one: every obligation keeps them, or (once the seat
    /// is held to the suit led) applies to none of its cards.
    fn keeps_masters(&self, i: usize) -> bool {
        let suit = 255u32 << (8 * (i >> 6));
        let winning = (i >> 1) & 31;
        if winning >> 3 != i >> 6 {
            return true; // a trump of another suit wins: not the case of the rule
        }
        let above: u32 = (0..32)
            .filter(|&c| suit >> c & 1 == 1 && self.key[c] > self.key[winning])
            .map(|c| 1u32 << c)
            .sum();
        let mut held = false;
        for &(applies_if, keep) in &self.steps[i][..self.step_count[i] as usize] {
            if keep & above != above && !(held && applies_if & suit == 0) {
                return false;
            }
            held |= applies_if & suit == suit && keep & !suit == 0;
        }
        true
    }

    #[inline]
    pub fn tables(&self) -> &Tables {
        self.tables
            .get_or_init(|| Tables::new(&self.order, &self.points))
    }

    /// Every hand in the canonical position ([`Rules::make_canonical`]).
    #[inline]
    pub fn canonical(&self, hands: &[u32; 4], live: u32) -> [u32; 4] {
        let mut out = [0u32; 4];
        for s in 0..4 {
            let shift = 8 * s;
            let table = &self.tables().canon[s][(live >> shift & 255) as usize];
            for (o, &h) in out.iter_mut().zip(hands.iter()) {
                *o |= (table[(h >> shift & 255) as usize] as u32) << shift;
            }
        }
        out
    }

    /// The live card that a card of the canonical position stands for.
    #[inline]
    pub fn uncanonical(&self, c: u8, live: u32) -> u8 {
        let s = (c >> 3) as usize;
        let b = (live >> (8 * s) & 255) as usize;
        (s as u8) * 8 + self.tables().uncanon[s][b][(c & 7) as usize]
    }

    /// The canonical card of a live card.
    #[inline]
    pub fn canonical_card(&self, c: u8, live: u32) -> u8 {
        let s = (c >> 3) as usize;
        let b = (live >> (8 * s) & 255) as usize;
        let bit = self.tables().canon[s][b][1 << (c & 7)];
        (s as u8) * 8 + bit.trailing_zeros() as u8
    }

    #[inline]
    pub fn set_points(&self, cards: u32) -> i32 {
        self.suit_points[0][(cards & 255) as usize]
            + self.suit_points[1][(cards >> 8 & 255) as usize]
            + self.suit_points[2][(cards >> 16 & 255) as usize]
            + self.suit_points[3][(cards >> 24) as usize]
    }

    /// Seat `x` modulo the number of players (2 or 4: a mask, not a division).
    #[inline]
    pub fn seat(&self, x: usize) -> usize {
        x & (self.players - 1)
    }

    /// The situation of the seat after `cards` (led by `leader`), `cards[win]` winning.
    #[inline]
    pub fn situation(&self, leader: usize, cards: &[u8], win: usize) -> usize {
        let mover = self.seat(leader + cards.len());
        let winner = self.seat(leader + win);
        let partner_winning = self.partner[mover] as usize == winner;
        ((cards[0] as usize >> 3) << 6) | ((cards[win] as usize) << 1) | partner_winning as usize
    }

    /// The engine's `legal_mask`: each step that applies to the hand as narrowed so far
    /// keeps only its cards.
    #[inline]
    pub fn legal_in(&self, hand: u32, situation: usize) -> u32 {
        let mut allowed = hand;
        let steps = &self.steps[situation];
        for &(applies_if, keep) in &steps[..self.step_count[situation] as usize] {
            if allowed & applies_if != 0 {
                allowed &= keep;
            }
        }
        allowed
    }

    pub fn legal(&self, hand: u32, leader: usize, cards: &[u8]) -> u32 {
        if cards.is_empty() {
            return hand;
        }
        let win = self.winning_index(cards);
        self.legal_in(hand, self.situation(leader, cards, win))
    }

    /// Whether `c` beats the trick's winning card `best` (the suit led `led`).
    #[inline]
    pub fn beats(&self, c: u8, best: u8, led: u8) -> bool {
        let k = self.key[c as usize];
        k > self.key[best as usize] && (k >= 16 || c >> 3 == led)
    }

    pub fn winning_index(&self, cards: &[u8]) -> usize {
        let led = cards[0] >> 3;
        let mut win = 0;
        for i in 1..cards.len() {
            if self.beats(cards[i], cards[win], led) {
                win = i;
            }
        }
        win
    }
}

impl Tables {
    /// The canonical positions. What is left of a round depends on each suit's live cards
    /// only through their order of strength, their points and who holds them (every
    /// obligation of the engine is about suits, trumps and cards above the winning one,
    /// and a trick is won by the strongest), so the live cards of a suit can be moved to
    /// other ranks that keep the order and the points: the canonical ranks are the
    /// weakest such ones (each live card, weakest first, goes to the weakest free rank
    /// above the previous one that is worth the same points). Positions equal after that
    /// have the same value: the transposition table keys them so.
    ///
    /// Also, for every set of live cards, each suit's groups of equivalent cards and its master.
    fn new(orders: &[[u8; 8]; 4], card_points: &[i32; 32]) -> Tables {
        let mut t = Tables {
            canon: vec![[[0; 256]; 256]; 4],
            uncanon: vec![[[0; 8]; 256]; 4],
            reps: vec![[[0; 256]; 256]; 4],
            master: [[255; 256]; 4],
            above: [[0; 256]; 4],
        };
        for s in 0..4 {
            let order = orders[s];
            let points: Vec<i32> = order.iter().map(|&c| card_points[c as usize]).collect();
            for live in 0..256usize {
                let mut to = [0u8; 8]; // rank -> canonical rank
                let mut next = 0; // the first strength position still free
                for (k, &c) in order.iter().enumerate() {
                    let rank = (c & 7) as usize;
                    if live >> rank & 1 == 0 {
                        continue;
                    }
                    let q = (next..=k).find(|&q| points[q] == points[k]).unwrap();
                    let target = order[q] & 7;
                    to[rank] = target;
                    t.uncanon[s][live][target as usize] = rank as u8;
                    next = q + 1;
                }
                for sub in 0..256usize {
                    if sub & !live != 0 {
                        continue;
                    }
                    let mut out = 0u8;
                    for rank in 0..8 {
                        if sub >> rank & 1 == 1 {
                            out |= 1 << to[rank];
                        }
                    }
                    t.canon[s][live][sub] = out;
                }
            }
            for live in 0..256usize {
                for &c in order.iter() {
                    if live >> (c & 7) & 1 == 1 {
                        t.master[s][live] = c & 7;
                        t.above[s][live] = 0;
                    } else {
                        t.above[s][live] |= 1 << (c & 7);
                    }
                }
                for legal in 0..256usize {
                    if legal & !live != 0 {
                        continue;
                    }
                    let mut reps = 0u8;
                    let mut previous = 255u8;
                    for &c in order.iter() {
                        let rank = c & 7;
                        if live >> rank & 1 == 0 {
                            continue;
                        }
                        if legal >> rank & 1 == 0 {
                            previous = 255;
                            continue;
                        }
                        let same = previous != 255
                            && card_points[previous as usize] == card_points[c as usize];
                        if !same {
                            reps |= 1 << rank;
                        }
                        previous = c;
                    }
                    t.reps[s][live][legal] = reps;
                }
            }
        }
        t
    }
}
