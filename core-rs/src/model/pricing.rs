//! How a project prices its bill of materials: the one currency every
//! amount is shown in, the exchange rates that bring parts priced in other
//! currencies into it, and lines the user adds beyond the hardware
//! (licences, support years, services, a discount).

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(default, deny_unknown_fields)]
pub struct Pricing {
    /// ISO 4217 code of every amount in the project's BOM.
    pub currency: String,
    /// Rates from the other currencies parts are priced in.
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub exchange_rates: Vec<ExchangeRate>,
    #[cfg_attr(feature = "wasm", tsify(optional))]
    pub extra_lines: Vec<ExtraLine>,
}

impl Default for Pricing {
    fn default() -> Self {
        Pricing {
            currency: DEFAULT_CURRENCY.to_owned(),
            exchange_rates: Vec::new(),
            extra_lines: Vec::new(),
        }
    }
}

/// The shipped catalog's currency.
pub const DEFAULT_CURRENCY: &str = "USD";

impl Pricing {
    pub fn is_default(&self) -> bool {
        *self == Pricing::default()
    }

    /// `amount` of `currency` in the project's currency; `None` when the
    /// currency differs and the project gives no rate for it.
    pub fn convert(&self, amount: f64, currency: &str) -> Option<f64> {
        if currency == self.currency {
            return Some(amount);
        }
        self.rate(currency).map(|r| amount * r.rate)
    }

    pub fn rate(&self, from: &str) -> Option<&ExchangeRate> {
        self.exchange_rates.iter().find(|r| r.from == from)
    }
}

/// An ISO 4217 code: three capital letters.
pub fn is_currency_code(code: &str) -> bool {
    code.len() == 3 && code.chars().all(|ch| ch.is_ascii_uppercase())
}

/// One unit of `from` is worth `rate` units of the project's currency.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(deny_unknown_fields)]
pub struct ExchangeRate {
    pub from: String,
    pub rate: f64,
}

/// A BOM line the user adds for the whole project.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "wasm", derive(tsify::Tsify))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ExtraLine {
    /// A licence, a year of support, a service: priced in the project's currency.
    Item {
        description: String,
        #[serde(default)]
        part_number: String,
        quantity: u32,
        unit_price: f64,
    },
    /// A discount off everything above it (hardware and items), in %.
    Discount { description: String, percent: f64 },
}
