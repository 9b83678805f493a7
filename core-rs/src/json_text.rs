//! JSON text of the core's results and files, as the CLI prints and
//! writes it: pretty-printed, and never `-0` (`unsigned_zero`).

use serde::Serialize;

use crate::unsigned_zero::UnsignedZero;

/// `value` as pretty-printed JSON with every `-0.0` written as `0.0`.
pub fn to_string_pretty<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    serde_json::to_string_pretty(&UnsignedZero(value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn negative_zero_prints_as_zero_and_the_layout_is_serde_jsons() {
        let value = json!({ "a": [-0.0, -1.5, 0.0, 2], "b": { "c": -0.0, "d": "-0" } });
        let text = to_string_pretty(&value).unwrap();
        assert_eq!(
            text,
            serde_json::to_string_pretty(&value)
                .unwrap()
                .replace("-0.0", "0.0")
        );
        assert!(!text.contains("-0.0") && text.contains("-1.5") && text.contains("\"-0\""));
        #[derive(Serialize)]
        struct Figures {
            share: f32,
            empty: Vec<f64>,
        }
        let text = to_string_pretty(&Figures {
            share: -0.0,
            empty: Vec::new(),
        })
        .unwrap();
        assert_eq!(text, "{\n  \"share\": 0.0,\n  \"empty\": []\n}");
    }
}
