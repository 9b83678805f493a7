//! JSON text of the core's results and files, as the CLI prints and
//! writes it: pretty-printed, and never `-0`. A figure that rounds or sums
//! to a negative zero (Rust's float sum starts at -0.0; `-x * 0.0`) means
//! zero; serde_json would print it as `-0.0`, which readers show as "-0".

use std::io;

use serde::Serialize;
use serde_json::ser::{Formatter, PrettyFormatter};

/// `value` as pretty-printed JSON with every `-0.0` written as `0.0`.
pub fn to_string_pretty<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    let mut out = Vec::new();
    let mut serializer =
        serde_json::Serializer::with_formatter(&mut out, PositiveZero(PrettyFormatter::new()));
    value.serialize(&mut serializer)?;
    // serde_json writes only UTF-8.
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// serde_json's pretty formatter, but zeros lose their sign.
struct PositiveZero<'a>(PrettyFormatter<'a>);

/// Returns `value` unless it is zero, then +0.0.
fn unsigned_zero(value: f64) -> f64 {
    if value == 0.0 {
        0.0
    } else {
        value
    }
}

// Each layout method PrettyFormatter overrides is passed on to it; the
// rest are Formatter's defaults, which PrettyFormatter uses as well.
impl Formatter for PositiveZero<'_> {
    fn write_f64<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: f64) -> io::Result<()> {
        self.0.write_f64(writer, unsigned_zero(value))
    }

    fn write_f32<W: ?Sized + io::Write>(&mut self, writer: &mut W, value: f32) -> io::Result<()> {
        let value = if value == 0.0 { 0.0 } else { value };
        self.0.write_f32(writer, value)
    }

    fn begin_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_array(writer)
    }

    fn end_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array(writer)
    }

    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_array_value(writer, first)
    }

    fn end_array_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array_value(writer)
    }

    fn begin_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object(writer)
    }

    fn end_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object(writer)
    }

    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_object_key(writer, first)
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object_value(writer)
    }

    fn end_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object_value(writer)
    }
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
