//! A case of the check: one operation of one scheme and strategy, by name.

/// One operation of one scheme and strategy, run with its secrets marked.
pub struct Case {
    pub(crate) name: String,
    pub(crate) run: Box<dyn Fn()>,
}

impl Case {
    pub(crate) fn new(name: String, run: impl Fn() + 'static) -> Self {
        Case {
            name,
            run: Box::new(run),
        }
    }
}
