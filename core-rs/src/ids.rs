//! Lookups by id in the project's lists (devices, clusters, policies).
//! Validation and sizing look ids up once per reference; a scan of every
//! list entry per lookup made large projects quadratic.

use foldhash::{HashMap, HashMapExt};

/// Lists up to this long are scanned: cheaper than hashing every id.
const SCAN_UP_TO: usize = 16;

/// The position of each id in one list; the first wins when an id repeats
/// (validation reports repeats), as a scan from the front would find.
pub struct IdIndex<'a> {
    ids: Vec<&'a str>,
    positions: Option<HashMap<&'a str, usize>>,
}

impl<'a> IdIndex<'a> {
    pub fn new(ids: impl Iterator<Item = &'a str>) -> Self {
        let ids: Vec<&'a str> = ids.collect();
        let positions = (ids.len() > SCAN_UP_TO).then(|| {
            let mut map = HashMap::with_capacity(ids.len());
            for (i, id) in ids.iter().enumerate() {
                map.entry(*id).or_insert(i);
            }
            map
        });
        IdIndex { ids, positions }
    }

    pub fn position(&self, id: &str) -> Option<usize> {
        match &self.positions {
            Some(map) => map.get(id).copied(),
            None => self.ids.iter().position(|x| *x == id),
        }
    }

    pub fn contains(&self, id: &str) -> bool {
        self.position(id).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_long_lists_find_the_first_of_repeated_ids() {
        for n in [3, SCAN_UP_TO + 5] {
            let mut ids: Vec<String> = (0..n).map(|i| format!("id{i}")).collect();
            ids.push("id1".into());
            let index = IdIndex::new(ids.iter().map(String::as_str));
            assert_eq!(index.position("id1"), Some(1));
            assert_eq!(index.position(&format!("id{}", n - 1)), Some(n - 1));
            assert!(!index.contains("missing"));
        }
    }
}
