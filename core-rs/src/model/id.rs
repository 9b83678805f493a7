//! Ids of what the sizing names in every per-workload figure.

use std::borrow::Borrow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::rc::Rc;

use serde::{Deserialize, Serialize};

/// An id read once from the project and shared by every result that names
/// it. A large project's evaluation names each workload and its policy in
/// five or six per-workload lists; as `String`s each copy was an allocation
/// and a free, thousands per evaluation. `Rc`, not `Arc`: the core
/// runs on one thread (in Wasm and in the CLI), and an atomic count costs
/// each of those copies again. In JSON and TypeScript it is a plain string.
#[derive(Clone, Eq, PartialOrd, Ord, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(transparent)]
pub struct Id(Rc<str>);

impl Id {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Deref for Id {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for Id {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Id {
    fn from(s: &str) -> Self {
        Id(Rc::from(s))
    }
}

impl From<String> for Id {
    fn from(s: String) -> Self {
        Id(Rc::from(s))
    }
}

impl From<Id> for String {
    fn from(id: Id) -> Self {
        id.0.to_string()
    }
}

/// Copies of one id compare by pointer; `Rc`'s own equality compares the
/// text every time for an unsized `str`.
impl PartialEq for Id {
    fn eq(&self, other: &Id) -> bool {
        Rc::ptr_eq(&self.0, &other.0) || *self.0 == *other.0
    }
}

/// By the text, as `eq` compares it.
impl Hash for Id {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl PartialEq<&str> for Id {
    fn eq(&self, other: &&str) -> bool {
        &*self.0 == *other
    }
}

impl PartialEq<Id> for String {
    fn eq(&self, other: &Id) -> bool {
        **self == *other.0
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_a_plain_string_in_json_and_shares_its_text() {
        let id: Id = serde_json::from_str("\"sql-01\"").expect("a string");
        assert_eq!(id, "sql-01");
        assert_eq!(
            serde_json::to_string(&id).expect("serialises"),
            "\"sql-01\""
        );
        let copy = id.clone();
        assert!(std::ptr::eq(id.as_str(), copy.as_str()));
        assert_eq!(format!("{id} {copy:?}"), "sql-01 \"sql-01\"");
        assert_eq!(id, Id::from("sql-01"));
        assert_ne!(id, Id::from("sql-02"));
    }
}
