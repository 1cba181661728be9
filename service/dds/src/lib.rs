//! belote_dds: the exact double-dummy solver of the Belote family, for Python.
//!
//! The rules come from the Python engine (`service/players/dds.py` builds a [`Rules`]
//! from a `Ruleset` and a trump mode); this module searches. See `search.rs`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod rules;
mod search;
mod table;

/// One round's rules as tables (from `service.players.dds.core_rules`).
#[pyclass(name = "Rules", module = "belote_dds", frozen)]
struct PyRules {
    inner: rules::Rules,
}

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (players, team, partner, points, key, steps, last_bonus, capot_bonus))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        players: usize,
        team: Vec<u8>,
        partner: Vec<Option<u8>>,
        points: Vec<i32>,
        key: Vec<u8>,
        steps: Vec<Vec<(u32, u32)>>,
        last_bonus: i32,
        capot_bonus: Option<i32>,
    ) -> PyResult<Self> {
        rules::Rules::new(
            players,
            &team,
            &partner,
            &points,
            &key,
            &steps,
            last_bonus,
            capot_bonus,
        )
        .map(|inner| PyRules { inner })
        .map_err(PyValueError::new_err)
    }

    /// The legal cards (a bit set) of `hand` after `cards`, led by `leader`.
    fn legal(&self, hand: u32, leader: usize, cards: Vec<u8>) -> PyResult<u32> {
        check_trick(&self.inner, leader, &cards)?;
        Ok(self.inner.legal(hand, leader, &cards))
    }

    /// The index of the winning card of a (partial) trick.
    fn winning_index(&self, cards: Vec<u8>) -> PyResult<usize> {
        if cards.is_empty() || cards.iter().any(|&c| c >= 32) {
            return Err(PyValueError::new_err("a trick of cards 0..31"));
        }
        Ok(self.inner.winning_index(&cards))
    }
}

/// A transposition table, to reuse across the searches of one decision; `bits`: log2
/// of its number of entries (24 bytes each).
#[pyclass(name = "Table", module = "belote_dds")]
struct PyTable {
    inner: table::Table,
    nodes: u64,
}

#[pymethods]
impl PyTable {
    #[new]
    #[pyo3(signature = (bits = 20))]
    fn new(bits: u32) -> Self {
        PyTable {
            inner: table::Table::new(bits),
            nodes: 0,
        }
    }

    fn clear(&mut self) {
        self.inner.clear();
    }

    /// Search nodes visited by every search with this table.
    #[getter]
    fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Entries stored so far (overwritten ones included).
    #[getter]
    fn stored(&self) -> u64 {
        self.inner.stored
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }
}

fn check_trick(r: &rules::Rules, leader: usize, cards: &[u8]) -> PyResult<()> {
    if leader >= r.players || cards.len() >= r.players || cards.iter().any(|&c| c >= 32) {
        return Err(PyValueError::new_err(
            "a leader seat and fewer cards than players",
        ));
    }
    Ok(())
}

/// The exact value for `team` of each legal card of the seat to play (the card points
/// its team takes from here to the end minus the other team's, the trick in progress
/// and the last-trick or capot bonus included), as a sorted list of (card, value).
/// `taken`: the teams that took a trick before this one (bits); `wanted`: the cards asked
/// about (a bit set; their groups of equivalent cards are searched); `node_limit`: give
/// up (None) past that many nodes (0: no limit); `bounds`: cut trick starts by the
/// leader's sure winners (False: the plain search, the same values, for the tests);
/// `threshold`: a bound of each value instead, from one null-window test per card (a
/// fraction of the nodes): at least `threshold`, a lower bound; below it, an upper bound
/// (in `team`'s terms). What the table learnt stays valid.
#[pyfunction]
#[pyo3(signature = (rules, table, hands, leader, cards, taken, team, wanted = u32::MAX, node_limit = 0, bounds = true, threshold = None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    rules: &PyRules,
    table: &mut PyTable,
    hands: Vec<u32>,
    leader: usize,
    cards: Vec<u8>,
    taken: u8,
    team: u8,
    wanted: u32,
    node_limit: u64,
    bounds: bool,
    threshold: Option<i32>,
) -> PyResult<Option<Vec<(u8, i32)>>> {
    let r = &rules.inner;
    check_trick(r, leader, &cards)?;
    if hands.len() != r.players || team > 1 || taken > 3 {
        return Err(PyValueError::new_err(
            "one hand per seat, team 0 or 1, taken 0..3",
        ));
    }
    let mut all = [0u32; 4];
    let mut seen = 0u32;
    for (s, &h) in hands.iter().enumerate() {
        if h & seen != 0 {
            return Err(PyValueError::new_err("a card in two hands"));
        }
        seen |= h;
        all[s] = h;
    }
    for &c in &cards {
        if seen >> c & 1 == 1 {
            return Err(PyValueError::new_err(
                "a card both in a hand and in the trick",
            ));
        }
        seen |= 1 << c;
    }
    let seat = (leader + cards.len()) % r.players;
    let after: Vec<u32> = (0..r.players)
        .map(|i| all[(leader + i) % r.players].count_ones())
        .collect();
    let left = after[cards.len() % r.players];
    for (i, &n) in after.iter().enumerate() {
        let expected = if i < cards.len() { left - 1 } else { left };
        if n != expected && !(i < cards.len() && left == 0) {
            return Err(PyValueError::new_err(
                "the hands do not hold the same number of cards",
            ));
        }
    }
    if all[seat] == 0 {
        return Err(PyValueError::new_err("the seat to play holds no card"));
    }
    let inner = &mut table.inner;
    inner.bind(r.id);
    let (values, nodes) = py.detach(|| {
        let mut s = search::Search {
            r,
            tt: inner,
            hands: all,
            nodes: 0,
            node_limit: if node_limit == 0 {
                u64::MAX
            } else {
                node_limit
            },
            out_of_nodes: false,
            bounds: bounds && r.quick_bounds,
        };
        // team 1's "at least t" is team 0's "below 1 - t"
        let beta = threshold.map(|t| if team == 0 { t } else { 1 - t });
        let v = s.root(leader, &cards, taken, wanted, beta);
        (if s.out_of_nodes { None } else { Some(v) }, s.nodes)
    });
    table.nodes += nodes;
    let sign = if team == 0 { 1 } else { -1 };
    Ok(values.map(|v| v.into_iter().map(|(c, v)| (c, sign * v)).collect()))
}

#[pymodule]
fn belote_dds(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRules>()?;
    m.add_class::<PyTable>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    Ok(())
}
