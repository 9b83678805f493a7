//! Lookups by id in the project's lists (devices, clusters, policies).
//! Validation and sizing look ids up once per reference; a scan of every
//! list entry per lookup made large projects quadratic.

use std::hash::BuildHasher;

use foldhash::fast::RandomState;
use hashbrown::hash_table::{Entry, HashTable};

/// Lists up to this long are scanned: cheaper than hashing every id.
const SCAN_UP_TO: usize = 16;

/// The position of each id in one list; the first wins when an id repeats,
/// as a scan from the front would find. The table's slots hold positions
/// (8 bytes), not the ids and positions a map would (24 bytes).
pub struct IdIndex<'a> {
    ids: Vec<&'a str>,
    hasher: RandomState,
    /// Positions of first occurrences, with `repeats` the later ones; none
    /// for a list short enough to scan.
    table: Option<(HashTable<usize>, Vec<usize>)>,
}

impl<'a> IdIndex<'a> {
    pub fn new(ids: impl Iterator<Item = &'a str>) -> Self {
        let ids: Vec<&'a str> = ids.collect();
        let hasher = RandomState::default();
        let table = (ids.len() > SCAN_UP_TO).then(|| {
            let mut table = HashTable::with_capacity(ids.len());
            let mut repeats = Vec::new();
            for (i, id) in ids.iter().enumerate() {
                let entry = table.entry(
                    hasher.hash_one(id),
                    |&at: &usize| same_id(ids[at], id),
                    |&at| hasher.hash_one(ids[at]),
                );
                match entry {
                    Entry::Occupied(_) => repeats.push(i),
                    Entry::Vacant(slot) => {
                        slot.insert(i);
                    }
                }
            }
            (table, repeats)
        });
        IdIndex { ids, hasher, table }
    }

    pub fn position(&self, id: &str) -> Option<usize> {
        match &self.table {
            Some((table, _)) => table
                .find(self.hasher.hash_one(id), |&at| same_id(self.ids[at], id))
                .copied(),
            None => self.ids.iter().position(|x| same_id(x, id)),
        }
    }

    pub fn contains(&self, id: &str) -> bool {
        self.position(id).is_some()
    }

    /// Each id that repeats an earlier one: its position and the id.
    pub fn repeats(&self) -> Vec<(usize, &'a str)> {
        let later = |i: usize| (i, self.ids[i]);
        match &self.table {
            Some((_, repeats)) => repeats.iter().map(|&i| later(i)).collect(),
            None => (0..self.ids.len())
                .filter(|&i| self.position(self.ids[i]) != Some(i))
                .map(later)
                .collect(),
        }
    }
}

/// `a == b` for the short ids projects use, without a call to `memcmp`:
/// validation and sizing compare every workload's cluster and policy ids
/// against each list entry, and the calls were a tenth of `evaluate` on a
/// 500-workload project. Two overlapping fixed-size windows, one at each
/// end, cover every byte of an id up to 16 bytes; longer ids compare as
/// `str`s do.
fn same_id(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let n = a.len();
    if n != b.len() {
        return false;
    }
    match n {
        0 => true,
        1 => a[0] == b[0],
        2..=3 => {
            window::<2>(a, 0) == window::<2>(b, 0) && window::<2>(a, n - 2) == window::<2>(b, n - 2)
        }
        4..=7 => {
            window::<4>(a, 0) == window::<4>(b, 0) && window::<4>(a, n - 4) == window::<4>(b, n - 4)
        }
        8..=16 => {
            window::<8>(a, 0) == window::<8>(b, 0) && window::<8>(a, n - 8) == window::<8>(b, n - 8)
        }
        _ => a == b,
    }
}

/// `N` bytes of `s` from `at`, as an array the compiler compares in one go.
fn window<const N: usize>(s: &[u8], at: usize) -> [u8; N] {
    let mut w = [0; N];
    w.copy_from_slice(&s[at..at + N]);
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn same_id_is_string_equality(
            a in "[ab-]{0,20}",
            b in "[ab-]{0,20}",
        ) {
            prop_assert_eq!(same_id(&a, &b), a == b);
            prop_assert!(same_id(&a, &a.clone()));
        }
    }

    #[test]
    fn short_and_long_lists_find_the_first_of_repeated_ids() {
        for n in [3, SCAN_UP_TO + 5] {
            let mut ids: Vec<String> = (0..n).map(|i| format!("id{i}")).collect();
            ids.push("id1".into());
            let index = IdIndex::new(ids.iter().map(String::as_str));
            assert_eq!(index.position("id1"), Some(1));
            assert_eq!(index.position(&format!("id{}", n - 1)), Some(n - 1));
            assert!(!index.contains("missing"));
            assert_eq!(index.repeats(), vec![(n, "id1")]);
        }
    }
}
