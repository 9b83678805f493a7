//! Totals of several figures over a list of rows, in one pass.

/// Each figure of `figures` summed over `rows`, in row order, as
/// `Iterator::sum` adds them (from -0.0), so each total is the same to the
/// bit. One pass in place of one per figure: each sum is a chain of
/// additions that waits on the one before, and side by side the chains
/// overlap where one after another they would not.
pub fn totals<T, const N: usize>(rows: &[T], figures: impl Fn(&T) -> [f64; N]) -> [f64; N] {
    rows.iter().fold([-0.0; N], |mut sums, row| {
        for (sum, figure) in sums.iter_mut().zip(figures(row)) {
            *sum += figure;
        }
        sums
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn each_total_is_the_iterator_sum_to_the_bit(
            rows in prop::collection::vec((-1e12..1e12f64, -1e3..1e3f64), 0..200),
        ) {
            let [a, b] = totals(&rows, |&(a, b)| [a, b]);
            prop_assert_eq!(a.to_bits(), rows.iter().map(|r| r.0).sum::<f64>().to_bits());
            prop_assert_eq!(b.to_bits(), rows.iter().map(|r| r.1).sum::<f64>().to_bits());
        }
    }

    #[test]
    fn no_rows_total_negative_zero_as_the_iterator_sum_does() {
        let [t] = totals(&[] as &[f64], |&x| [x]);
        assert_eq!(
            t.to_bits(),
            std::iter::empty::<f64>().sum::<f64>().to_bits()
        );
    }
}
