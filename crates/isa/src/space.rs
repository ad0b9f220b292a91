//! The state spaces (PTX ISA §5.1), which declarations and memory
//! instructions name.

/// A state space of a variable or memory access (PTX ISA §5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    /// `.global`
    Global,
    /// `.shared`
    Shared,
    /// `.local`
    Local,
    /// `.param`
    Param,
    /// `.const`
    Const,
}

impl Space {
    const ALL: [Space; 5] = [
        Space::Global,
        Space::Shared,
        Space::Local,
        Space::Param,
        Space::Const,
    ];

    /// The name without the dot (`"global"`).
    pub fn name(self) -> &'static str {
        match self {
            Space::Global => "global",
            Space::Shared => "shared",
            Space::Local => "local",
            Space::Param => "param",
            Space::Const => "const",
        }
    }

    /// Parses `global`, `.shared`, ...
    pub fn parse(s: &str) -> Option<Space> {
        let s = s.strip_prefix('.').unwrap_or(s);
        Space::ALL.into_iter().find(|sp| sp.name() == s)
    }
}

/// The opaque types of PTX ISA §5.3 ("Texture Sampler and Surface Types"):
/// a variable of one holds a handle, 64 bits the program cannot read as
/// data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opaque {
    /// `.texref`.
    Texref,
    /// `.samplerref`.
    Samplerref,
    /// `.surfref`.
    Surfref,
}

impl Opaque {
    /// The type a suffix names (`"texref"`, without the dot).
    pub fn parse(s: &str) -> Option<Opaque> {
        match s {
            "texref" => Some(Opaque::Texref),
            "samplerref" => Some(Opaque::Samplerref),
            "surfref" => Some(Opaque::Surfref),
            _ => None,
        }
    }
}
