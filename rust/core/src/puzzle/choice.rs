//! Named choices (engines, heuristics): an enum whose variants have stable
//! lower-case names, parsed with [`FromStr`](std::str::FromStr) in one place
//! and listed in the order the bindings show them, the default first.

/// An option that takes one of a few names.
pub trait Choice: Copy + Eq + std::fmt::Debug + Send + Sync + std::str::FromStr<Err = crate::Error> + 'static {
    /// What the option is called (`"engine"`, `"heuristic"`).
    const OPTION: &'static str;
    /// Every choice, the default first.
    const ALL: &'static [Self];

    /// The name the option takes for this choice.
    fn name(self) -> &'static str;

    /// Every name, the default first.
    fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|choice| choice.name()).collect()
    }

    /// The first of [`ALL`](Choice::ALL).
    fn default_choice() -> Self {
        Self::ALL[0]
    }

    /// The choice called `name`, or an error naming the option, the name
    /// a misspelt one most likely meant, and every name it takes.
    fn from_name(name: &str) -> crate::Result<Self> {
        Self::ALL.iter().copied().find(|choice| choice.name() == name).ok_or_else(|| {
            let names: Vec<String> = Self::names().iter().map(|&name| name.to_owned()).collect();
            let meant = super::closest(name, &names).map(|meant| format!(" (did you mean {meant:?}?)"));
            let expected: Vec<String> = names.iter().map(|name| format!("{name:?}")).collect();
            crate::Error::InvalidArgument(format!(
                "{}: unknown {} {name:?}{}; expected one of {}",
                Self::OPTION,
                Self::OPTION,
                meant.unwrap_or_default(),
                expected.join(", ")
            ))
        })
    }
}

/// Declares a [`Choice`] enum: `choices! { /// doc  pub enum Name: "option" { /// doc  Variant = "name", ... } }`.
/// The first variant is the default. `FromStr` and `Display` come with it.
#[macro_export]
macro_rules! choices {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident: $option:literal {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $crate::puzzle::Choice for $name {
            const OPTION: &'static str = $option;
            const ALL: &'static [Self] = &[$($name::$variant),+];

            fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::Error;

            fn from_str(name: &str) -> $crate::Result<Self> {
                <$name as $crate::puzzle::Choice>::from_name(name)
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str($crate::puzzle::Choice::name(*self))
            }
        }
    };
}
