//! How far reading an inventory has got, as a fraction of the whole read,
//! for the app's determinate progress bar. A read is a sequence of steps,
//! each given its share of the whole before it starts (the container check,
//! then each sheet by the cells its dimension declares, or each CSV tab by
//! its bytes); within a step, the work done against the work it knows of.
//! The fraction only grows, and is reported at most once per percent so a
//! 10,000-row sheet does not call out 10,000 times.

pub struct Progress<'a> {
    report: Option<&'a mut dyn FnMut(f64)>,
    /// Where the current step starts and the share of the whole it covers.
    start: f64,
    share: f64,
    /// The fraction reached, and the whole percent last reported.
    reached: f64,
    reported_percent: u32,
}

impl<'a> Progress<'a> {
    pub fn new(report: &'a mut dyn FnMut(f64)) -> Self {
        Progress {
            report: Some(report),
            ..Progress::silent()
        }
    }

    /// A read nobody watches (the CLI, the tests).
    pub fn silent() -> Self {
        Progress {
            report: None,
            start: 0.0,
            share: 0.0,
            reached: 0.0,
            reported_percent: 0,
        }
    }

    /// Starts the next step, covering `share` of the whole (clamped to what is left).
    pub fn step(&mut self, share: f64) {
        self.start = self.reached;
        self.share = share.clamp(0.0, 1.0 - self.start);
    }

    /// `done` of the current step's `total` units; a total of 0 is a step done.
    pub fn advance(&mut self, done: u64, total: u64) {
        let within = if total == 0 {
            1.0
        } else {
            (done as f64 / total as f64).min(1.0)
        };
        self.reach(self.start + self.share * within);
    }

    /// The whole read is done.
    pub fn finish(&mut self) {
        self.reach(1.0);
    }

    fn reach(&mut self, fraction: f64) {
        let fraction = fraction.min(1.0);
        if fraction <= self.reached {
            return;
        }
        self.reached = fraction;
        let percent = (fraction * 100.0).floor() as u32;
        if let Some(report) = self.report.as_mut() {
            if percent > self.reported_percent {
                self.reported_percent = percent;
                report(fraction);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn watched(steps: impl FnOnce(&mut Progress)) -> Vec<f64> {
        let mut seen = Vec::new();
        let mut report = |f: f64| seen.push(f);
        steps(&mut Progress::new(&mut report));
        seen
    }

    #[test]
    fn steps_fill_their_share_of_the_whole() {
        let seen = watched(|p| {
            p.step(0.2);
            p.advance(50, 100);
            p.advance(100, 100);
            p.step(0.8);
            p.advance(1, 4);
            p.finish();
        });
        assert_eq!(seen, vec![0.1, 0.2, 0.4, 1.0]);
    }

    #[test]
    fn the_fraction_never_goes_back_nor_past_the_step() {
        let seen = watched(|p| {
            p.step(0.5);
            p.advance(90, 100);
            p.advance(10, 100);
            // A sheet longer than its dimension declared stays within its step.
            p.advance(300, 100);
        });
        assert_eq!(seen, vec![0.45, 0.5]);
    }

    #[test]
    fn advances_under_a_percent_are_reported_together() {
        let seen = watched(|p| {
            p.step(1.0);
            for row in 1..=1000 {
                p.advance(row, 1000);
            }
        });
        assert_eq!(seen.len(), 100);
        assert_eq!(seen.last(), Some(&1.0));
    }

    #[test]
    fn a_step_cannot_claim_more_than_is_left() {
        let seen = watched(|p| {
            p.step(0.7);
            p.advance(1, 1);
            p.step(0.7);
            p.advance(1, 1);
        });
        assert_eq!(seen, vec![0.7, 1.0]);
    }
}
