//! PTX ISA versions and sm targets: what `.version` and `.target` say.

use core::fmt;
use core::str::FromStr;

/// A PTX ISA version, `major.minor` (`.version 8.6`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PtxVersion {
    /// Major version.
    pub major: u8,
    /// Minor version.
    pub minor: u8,
}

impl PtxVersion {
    /// `major.minor`.
    pub const fn new(major: u8, minor: u8) -> PtxVersion {
        PtxVersion { major, minor }
    }
    /// The newest version this model knows (the default when none is given).
    pub const LATEST: PtxVersion = PtxVersion::new(8, 8);

    /// The PTX ISA versions that exist (PTX ISA release notes, §13: each
    /// CUDA release's version), by major version: the highest minor of each.
    /// 9.0 and 9.1 are listed because targets of theirs (sm_88, sm_110)
    /// are in [`Target::min_ptx`]; their rules for this family are 8.8's.
    /// 9.2 to 9.4 are what nvcc 13.2 to 13.4 write (public PTX files
    /// carry `.version 9.2` from nvcc 13.2, and ptxas 13.2 refuses 13.4's
    /// with "Unsupported .version 9.4; current version is '9.2'"); the
    /// instructions ptxfp models gained no rule of theirs that ptxfp knows
    /// of, so they are 9.1's.
    const MINORS: [(u8, u8); 9] = [
        (1, 5),
        (2, 3),
        (3, 2),
        (4, 3),
        (5, 0),
        (6, 5),
        (7, 8),
        (8, 8),
        (9, 4),
    ];

    /// True for a version that exists.
    pub fn exists(self) -> bool {
        Self::MINORS
            .iter()
            .any(|&(major, last)| major == self.major && self.minor <= last)
    }

    /// The newest version that exists.
    pub fn newest() -> PtxVersion {
        let (major, minor) = Self::MINORS[Self::MINORS.len() - 1];
        PtxVersion::new(major, minor)
    }

    /// The first CUDA release whose tools write this version, as CUDA
    /// numbers its versions (`1000 major + 10 minor`: CUDA 12.4 is
    /// 12040), from the PTX ISA's release history (§13: "PTX ISA
    /// Version" beside "CUDA Release"); from 9.2 on, nvcc 13.N writes
    /// 9.N (see `MINORS`). `None` for 1.5, which that table omits, and for
    /// versions that do not exist.
    pub fn cuda_release(self) -> Option<u32> {
        const FIRST_CUDA: &[(u8, u8, u32)] = &[
            (1, 0, 1000),
            (1, 1, 1010),
            (1, 2, 2000),
            (1, 3, 2010),
            (1, 4, 2020),
            (2, 0, 3000),
            (2, 1, 3010),
            (2, 2, 3020),
            (2, 3, 4000),
            (3, 0, 4010),
            (3, 1, 5000),
            (3, 2, 5050),
            (4, 0, 6000),
            (4, 1, 6050),
            (4, 2, 7000),
            (4, 3, 7050),
            (5, 0, 8000),
            (6, 0, 9000),
            (6, 1, 9010),
            (6, 2, 9020),
            (6, 3, 10000),
            (6, 4, 10010),
            (6, 5, 10020),
            (7, 0, 11000),
            (7, 1, 11010),
            (7, 2, 11020),
            (7, 3, 11030),
            (7, 4, 11040),
            (7, 5, 11050),
            (7, 6, 11060),
            (7, 7, 11070),
            (7, 8, 11080),
            (8, 0, 12000),
            (8, 1, 12010),
            (8, 2, 12020),
            (8, 3, 12030),
            (8, 4, 12040),
            (8, 5, 12050),
            (8, 6, 12070),
            (8, 7, 12080),
            (8, 8, 12090),
            (9, 0, 13000),
            (9, 1, 13010),
            (9, 2, 13020),
            (9, 3, 13030),
            (9, 4, 13040),
        ];
        FIRST_CUDA
            .iter()
            .find(|(major, minor, _)| (*major, *minor) == (self.major, self.minor))
            .map(|(.., cuda)| *cuda)
    }
}

impl fmt::Display for PtxVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// Why a version or target did not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TargetParseError {
    /// Not `MAJOR.MINOR`.
    #[error("invalid PTX ISA version `{0}`: expected MAJOR.MINOR, e.g. 8.6")]
    Version(String),
    /// Not `sm_XY` with an optional `a`/`f` suffix.
    #[error("invalid target `{0}`: expected sm_XY, e.g. sm_90, sm_90a, sm_100f")]
    Target(String),
    /// Well formed, but no PTX ISA has this version.
    #[error("PTX ISA {0} does not exist: the versions are 1.0-1.5, 2.0-2.3, 3.0-3.2, 4.0-4.3, 5.0, 6.0-6.5, 7.0-7.8, 8.0-8.8, 9.0-9.4")]
    NoSuchVersion(String),
    /// Well formed, but no PTX ISA has this target.
    #[error("no PTX ISA has the target `{0}`: the targets are sm_10-13, 20, 21, 30, 32, 35, 37, 50, 52, 53, 60-62, 70, 72, 75, 80, 86, 87, 88, 89, 90, 100, 101, 103, 107, 110, 120, 121, with a/f variants from sm_90a/sm_100f")]
    NoSuchTarget(String),
}

impl FromStr for PtxVersion {
    type Err = TargetParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || TargetParseError::Version(s.to_string());
        let (a, b) = s.trim().split_once('.').ok_or_else(err)?;
        // Numbers without a leading zero (`8.06` is not 8.6); past two
        // digits, numbers of no version (`255.9`: "expected MAJOR.MINOR"
        // said the wrong thing).
        let number = |t: &str| {
            !t.is_empty()
                && t.bytes().all(|c| c.is_ascii_digit())
                && !(t.len() >= 2 && t.starts_with('0'))
        };
        if !number(a) || !number(b) {
            return Err(err());
        }
        if a.len() > 2 || b.len() > 2 {
            return Err(TargetParseError::NoSuchVersion(s.trim().to_string()));
        }
        let v = PtxVersion::new(a.parse().map_err(|_| err())?, b.parse().map_err(|_| err())?);
        if !v.exists() {
            return Err(TargetParseError::NoSuchVersion(s.trim().to_string()));
        }
        Ok(v)
    }
}

/// Architecture-specific (`a`) or family-specific (`f`) suffix of a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Variant {
    /// `sm_90`.
    Plain,
    /// `sm_90a`: architecture-specific features.
    Arch,
    /// `sm_100f`: family-specific features.
    Family,
}

/// An sm target such as `sm_90a`. "`sm_XY` or higher" includes the `a`/`f`
/// variants (docs/NVIDIA.md "Forms, PTX ISA versions and targets"), so
/// requirements compare [`Target::sm`] only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Target {
    /// The compute capability times ten plus minor: 90 for sm_90, 100 for sm_100.
    pub sm: u16,
    /// The suffix.
    pub variant: Variant,
}

impl Target {
    /// The target every command and `Exec::default()` use where none is
    /// given (no `.target`, no `--target`): sm_100, the first on which every
    /// form ptxfp models is legal (the mixed-precision forms need it), except
    /// `mad` without rounding, which only sm_1x code has.
    pub const DEFAULT: Target = Target::sm(100);

    /// A plain `sm_XY`.
    pub const fn sm(sm: u16) -> Target {
        Target {
            sm,
            variant: Variant::Plain,
        }
    }
    /// True for `sm_1x` targets (sm_10 .. sm_13), whose `mad.f32` differs.
    pub const fn is_sm1x(self) -> bool {
        self.sm < 20
    }
    /// True if this target meets "requires `sm_XY` or higher".
    pub const fn at_least(self, sm: u16) -> bool {
        self.sm >= sm
    }
}

impl Target {
    /// The first PTX ISA version that has this target (PTX ISA §11.1.4,
    /// the table of `.target` introductions), or `None` for a target this
    /// table does not know.
    pub fn min_ptx(self) -> Option<PtxVersion> {
        let v = PtxVersion::new;
        Some(match (self.sm, self.variant) {
            (10 | 11, Variant::Plain) => v(1, 0),
            (12 | 13, Variant::Plain) => v(1, 2),
            // sm_21 (GF104): not in the table, but LLVM's NVPTX back end
            // writes `.target sm_21` for it: taken as sm_20's (docs/NVIDIA.md
            // "Forms, PTX ISA versions and targets").
            (20 | 21, Variant::Plain) => v(2, 0),
            (30, Variant::Plain) => v(3, 0),
            (35, Variant::Plain) => v(3, 1),
            (32 | 50, Variant::Plain) => v(4, 0),
            (37 | 52, Variant::Plain) => v(4, 1),
            (53, Variant::Plain) => v(4, 2),
            (60..=62, Variant::Plain) => v(5, 0),
            (70, Variant::Plain) => v(6, 0),
            (72, Variant::Plain) => v(6, 1),
            (75, Variant::Plain) => v(6, 3),
            (80, Variant::Plain) => v(7, 0),
            (86, Variant::Plain) => v(7, 1),
            (87, Variant::Plain) => v(7, 4),
            (89 | 90, Variant::Plain) => v(7, 8),
            (90, Variant::Arch) => v(8, 0),
            (100 | 101, Variant::Plain | Variant::Arch) => v(8, 6),
            (120, Variant::Plain | Variant::Arch) => v(8, 7),
            (100 | 101 | 120, Variant::Family) | (103 | 121, _) => v(8, 8),
            (88 | 110, _) => v(9, 0),
            // "PTX ISA version 9.4 introduces ... sm_107 target
            // architecture", "sm_107f", "sm_107a".
            (107, _) => v(9, 4),
            _ => return None,
        })
    }

    /// Why a device cannot load code compiled for this target, if it
    /// cannot: a newer target, or an `a` (architecture-specific) target on
    /// another architecture, or an `f` (family-specific) target outside its
    /// family (CUDA compatibility rules; sm_1x code runs on every later device).
    pub fn unloadable_on(self, device: Target) -> Option<String> {
        if device.sm < self.sm {
            return Some(format!(
                "code for {self} cannot run on an {device} device (a device runs code for its own target and older ones)"
            ));
        }
        match self.variant {
            Variant::Arch if device.sm != self.sm => Some(format!(
                "code for {self} (architecture-specific) runs only on sm_{} devices, not on {device}",
                self.sm
            )),
            Variant::Family if device.sm / 10 != self.sm / 10 => Some(format!(
                "code for {self} (family-specific) runs only on the sm_{}x family, not on {device}",
                self.sm / 10
            )),
            _ => None,
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = match self.variant {
            Variant::Plain => "",
            Variant::Arch => "a",
            Variant::Family => "f",
        };
        write!(f, "sm_{}{}", self.sm, suffix)
    }
}

impl FromStr for Target {
    type Err = TargetParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || TargetParseError::Target(s.to_string());
        let rest = s.trim().strip_prefix("sm_").ok_or_else(err)?;
        let (digits, variant) = match rest.as_bytes().last() {
            Some(b'a') => (&rest[..rest.len() - 1], Variant::Arch),
            Some(b'f') => (&rest[..rest.len() - 1], Variant::Family),
            _ => (rest, Variant::Plain),
        };
        if digits.len() < 2
            || digits.len() > 3
            || digits.starts_with('0')
            || !digits.bytes().all(|c| c.is_ascii_digit())
        {
            return Err(err());
        }
        let sm: u16 = digits.parse().map_err(|_| err())?;
        // `a` targets exist from sm_90a, `f` targets from sm_100f.
        let t = match variant {
            Variant::Arch if sm < 90 => return Err(err()),
            Variant::Family if sm < 100 => return Err(err()),
            _ => Target { sm, variant },
        };
        match t.min_ptx() {
            Some(_) => Ok(t),
            None => Err(TargetParseError::NoSuchTarget(s.trim().to_string())),
        }
    }
}

/// The target suffix a form needs: the "Target ISA Notes" of `cvt`, the
/// alternate floating-point and packed mixed-precision instructions and
/// packed `set`, which name `a` and `f` targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suffix {
    /// Any target from the row's sm on.
    None,
    /// "supported on following architectures: sm_100a, sm_101a [...],
    /// sm_120a. And is supported on following family-specific architectures
    /// from PTX ISA version 8.8: sm_100f or higher in the same family [...]".
    ArchOrFamilyFrom88,
    /// "supported on following family-specific architectures: sm_100f or
    /// higher in the same family [...]" (an `a` target has its family's
    /// features).
    Family,
    /// "supported on following architectures: sm_100a, sm_103a": only these
    /// architecture-specific targets.
    ArchIn(&'static [u16]),
}

impl Suffix {
    /// Why `target` lacks a form of this suffix though its sm is high
    /// enough (`None`: it has it).
    pub fn error(&self, version: PtxVersion, target: Target) -> Option<String> {
        match (*self, target.variant) {
            (Suffix::None, _) | (Suffix::Family, Variant::Arch | Variant::Family) => None,
            (Suffix::ArchOrFamilyFrom88, Variant::Arch) => None,
            (Suffix::ArchOrFamilyFrom88, Variant::Family) if version >= PtxVersion::new(8, 8) => None,
            // sm_90 has an architecture-specific target but no family.
            (Suffix::ArchOrFamilyFrom88, _) if target.sm < 100 => Some(format!(
                "needs the architecture-specific target sm_90a (or, from PTX ISA 8.8, a family target from sm_100f); the target is {target}"
            )),
            (Suffix::ArchOrFamilyFrom88, _) => Some(format!(
                "needs an architecture-specific target (sm_{0}a) or, from PTX ISA 8.8, a family target (sm_{0}f); the target is {target}",
                target.sm
            )),
            (Suffix::Family, Variant::Plain) => Some(format!(
                "needs a family target (sm_{}f); the target is {target}",
                target.sm.max(100)
            )),
            (Suffix::ArchIn(sms), Variant::Arch) if sms.contains(&target.sm) => None,
            (Suffix::ArchIn(sms), _) => {
                let names: Vec<String> = sms.iter().map(|s| format!("sm_{s}a")).collect();
                Some(format!(
                    "is supported only on {}; the target is {target}",
                    names.join(", ")
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        for s in [
            "sm_10", "sm_13", "sm_53", "sm_90a", "sm_100", "sm_100f", "sm_120a", "sm_107a",
        ] {
            assert_eq!(s.parse::<Target>().unwrap().to_string(), s);
        }
        for s in [
            "sm90",
            "sm_",
            "sm_9",
            "sm_90b",
            "compute_90",
            "sm_1000",
            "sm_00",
            "sm_053",
            "sm_80a",
            "sm_90f",
        ] {
            assert!(s.parse::<Target>().is_err(), "{s}");
        }
        assert!("sm_90a".parse::<Target>().unwrap().at_least(90));
        let t = |s: &str| s.parse::<Target>().unwrap();
        assert_eq!(t("sm_90").min_ptx(), Some(PtxVersion::new(7, 8)));
        assert_eq!(t("sm_90a").min_ptx(), Some(PtxVersion::new(8, 0)));
        assert_eq!(t("sm_100").min_ptx(), Some(PtxVersion::new(8, 6)));
        assert_eq!(t("sm_100f").min_ptx(), Some(PtxVersion::new(8, 8)));
        assert_eq!(t("sm_107f").min_ptx(), Some(PtxVersion::new(9, 4)));
        assert_eq!(t("sm_53").min_ptx(), Some(PtxVersion::new(4, 2)));
        assert_eq!(t("sm_21").min_ptx(), Some(PtxVersion::new(2, 0)));
        assert_eq!(Target::sm(99).min_ptx(), None);
        // Well formed but unknown: a clear error, not a target with no rules.
        for (s, want) in [
            ("sm_99", TargetParseError::NoSuchTarget("sm_99".into())),
            ("sm_999", TargetParseError::NoSuchTarget("sm_999".into())),
            ("sm_91a", TargetParseError::NoSuchTarget("sm_91a".into())),
        ] {
            assert_eq!(s.parse::<Target>(), Err(want));
        }
        for s in [
            "99.9",
            "1.6",
            "5.1",
            "7.9",
            "9.5",
            "0.9",
            "255.9",
            "429496729.5",
            "8.100",
        ] {
            assert_eq!(
                s.parse::<PtxVersion>(),
                Err(TargetParseError::NoSuchVersion(s.into())),
                "{s}"
            );
        }
        for s in [
            "1.0", "1.5", "4.3", "5.0", "7.8", "8.8", "9.1", "9.2", "9.4",
        ] {
            assert!(s.parse::<PtxVersion>().is_ok(), "{s}");
        }
        assert_eq!(PtxVersion::newest(), PtxVersion::new(9, 4));
        // Every version that exists but 1.5 has its CUDA release, and the
        // releases grow with the versions.
        let mut last = 0;
        for (major, top) in PtxVersion::MINORS {
            for minor in 0..=top {
                let v = PtxVersion::new(major, minor);
                match v.cuda_release() {
                    Some(c) => {
                        assert!(c > last, "{v}: {c} after {last}");
                        last = c;
                    }
                    None => assert_eq!(v, PtxVersion::new(1, 5)),
                }
            }
        }
        assert_eq!(PtxVersion::new(8, 6).cuda_release(), Some(12070));
        assert_eq!(PtxVersion::new(3, 1).cuda_release(), Some(5000));
        assert_eq!(PtxVersion::new(9, 5).cuda_release(), None);
        assert!(t("sm_13").unloadable_on(t("sm_90")).is_none());
        assert!(t("sm_100").unloadable_on(t("sm_90")).is_some());
        assert!(t("sm_90a").unloadable_on(t("sm_100")).is_some());
        assert!(t("sm_100f").unloadable_on(t("sm_103")).is_none());
        assert!(t("sm_100f").unloadable_on(t("sm_120")).is_some());
        assert!(t("sm_90").unloadable_on(t("sm_120")).is_none());
        assert_eq!("8.6".parse::<PtxVersion>().unwrap(), PtxVersion::new(8, 6));
        assert!(PtxVersion::new(4, 2) < PtxVersion::new(7, 0));
        for s in ["8", "8.", ".6", "x.y", "8.6.1", "8.06", "08.6"] {
            assert!(s.parse::<PtxVersion>().is_err(), "{s}");
        }
    }
}
