//! Checks of a project's `pricing`: its currency, exchange rates and extra
//! BOM lines, each problem naming its path and the allowed range.

use super::Checker;
use crate::model::{is_currency_code, ExtraLine, Pricing};

/// A rate outside this range is a typo (the widest real pairs, e.g. one
/// GBP in Indonesian rupiah, stay well inside).
pub const MAX_EXCHANGE_RATE: f64 = 1_000_000.0;
pub const MAX_EXTRA_QUANTITY: u32 = 1_000_000;
pub const MAX_EXTRA_UNIT_PRICE: f64 = 1_000_000_000.0;

pub(super) fn pricing(c: &mut Checker, p: &Pricing) {
    currency(c, "pricing.currency", &p.currency);
    for (i, r) in p.exchange_rates.iter().enumerate() {
        let path = format!("pricing.exchange_rates[{i}]");
        currency(c, format!("{path}.from"), &r.from);
        if r.from == p.currency {
            c.push(
                format!("{path}.from"),
                format!("must differ from pricing.currency ({})", p.currency),
            );
        } else if p.exchange_rates[..i].iter().any(|e| e.from == r.from) {
            c.push(
                format!("{path}.from"),
                format!("must be unique (\"{}\" has a rate already)", r.from),
            );
        }
        if !(r.rate.is_finite() && r.rate > 0.0 && r.rate <= MAX_EXCHANGE_RATE) {
            c.push(
                format!("{path}.rate"),
                format!(
                    "must be above 0 and at most {MAX_EXCHANGE_RATE} {} per {} (got {})",
                    p.currency, r.from, r.rate
                ),
            );
        }
    }
    for (i, line) in p.extra_lines.iter().enumerate() {
        let path = format!("pricing.extra_lines[{i}]");
        match line {
            ExtraLine::Item {
                description,
                part_number,
                quantity,
                unit_price,
            } => {
                c.non_empty(format!("{path}.description"), description);
                c.text(format!("{path}.description"), description);
                c.text(format!("{path}.part_number"), part_number);
                c.u32_in(format!("{path}.quantity"), *quantity, 1, MAX_EXTRA_QUANTITY);
                c.f64_in(
                    format!("{path}.unit_price"),
                    *unit_price,
                    0.0,
                    MAX_EXTRA_UNIT_PRICE,
                );
            }
            ExtraLine::Discount {
                description,
                percent,
            } => {
                c.non_empty(format!("{path}.description"), description);
                c.text(format!("{path}.description"), description);
                if !(percent.is_finite() && *percent > 0.0 && *percent <= 100.0) {
                    c.push(
                        format!("{path}.percent"),
                        format!("must be above 0 and at most 100 (got {percent})"),
                    );
                }
            }
        }
    }
}

fn currency(c: &mut Checker, path: impl std::fmt::Display, code: &str) {
    if !is_currency_code(code) {
        c.push(
            path,
            format!("must be an ISO 4217 code of three capital letters such as USD or EUR (got \"{code}\")"),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{ExchangeRate, ExtraLine, Pricing};

    fn paths(p: Pricing) -> Vec<String> {
        let mut c = super::Checker::default();
        super::pricing(&mut c, &p);
        c.issues.into_iter().map(|i| i.path).collect()
    }

    #[test]
    fn the_default_pricing_is_valid() {
        assert!(paths(Pricing::default()).is_empty());
    }

    #[test]
    fn every_bad_field_is_named_with_its_range() {
        let p = Pricing {
            currency: "usd".into(),
            exchange_rates: vec![
                ExchangeRate {
                    from: "EUR".into(),
                    rate: 0.0,
                },
                ExchangeRate {
                    from: "EUR".into(),
                    rate: 1.1,
                },
            ],
            extra_lines: vec![
                ExtraLine::Item {
                    description: " ".into(),
                    part_number: String::new(),
                    quantity: 0,
                    unit_price: f64::NAN,
                },
                ExtraLine::Discount {
                    description: "Deal".into(),
                    percent: 120.0,
                },
            ],
        };
        assert_eq!(
            paths(p),
            [
                "pricing.currency",
                "pricing.exchange_rates[0].rate",
                "pricing.exchange_rates[1].from",
                "pricing.extra_lines[0].description",
                "pricing.extra_lines[0].quantity",
                "pricing.extra_lines[0].unit_price",
                "pricing.extra_lines[1].percent",
            ]
        );
    }
}
