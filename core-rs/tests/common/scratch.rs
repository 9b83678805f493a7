//! A scratch folder per test, removed when the test ends.

use std::path::PathBuf;

pub struct Scratch(pub PathBuf);

impl Scratch {
    /// `name` tells tests (and test files) apart; the process id, runs.
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("stacksizer-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temp dir");
        Scratch(dir)
    }

    /// Writes `content` to the file `name` in the folder; its path.
    pub fn file(&self, name: &str, content: impl AsRef<[u8]>) -> String {
        std::fs::write(self.0.join(name), content).expect("written");
        self.path(name)
    }

    pub fn path(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}
