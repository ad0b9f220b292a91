//! The performance hints as data: `prefetch`, `prefetchu`, `applypriority`,
//! `discard`, `nanosleep`, `pmevent`, `setmaxnreg`, `griddepcontrol` and
//! `brkpt`, one row per syntax line of the PTX ISA, with the version and
//! target it needs and the operands it takes. None of them changes a
//! result in a sequential model, so the engine runs each as a no-op
//! (docs/ENGINE.md "Hints"); what this module adds is that a spelling
//! outside the syntax lines is an error at its line, and a form newer than
//! the module's `.version` or `.target` is reported as every other
//! instruction is.

use crate::target::{PtxVersion, Suffix, Target};

/// The operands a hint takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintOperands {
    /// None: `griddepcontrol.wait;`, `brkpt;`.
    Nothing,
    /// `[a]`: the prefetches.
    Address,
    /// `[a], size`, "The only supported value for the size operand is
    /// 128" (`applypriority`, `discard`).
    Address128,
    /// `[a], size` with any size (`applypriority.async.bulk`).
    AddressSize,
    /// `[tensorMap, tensorCoords]` (`applypriority.async.bulk.tensor`).
    TensorCoords,
    /// One value: `nanosleep.u32 t`, `pmevent a`.
    Value,
    /// `setmaxnreg`'s `imm-reg-count`: "in the range 24 to 256 (both
    /// inclusive)" and "a multiple of 8".
    RegCount,
}

/// A hint, decoded: what it needs and takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The PTX ISA version and sm target of its syntax line and
    /// qualifiers.
    pub min: (u8, u8, u16),
    /// The target suffix it needs beyond the sm.
    pub suffix: Suffix,
    /// Its operands.
    pub operands: HintOperands,
}

/// The syntax of each root, for the error where a spelling matches no line.
fn syntax(root: &str) -> &'static str {
    match root {
        "prefetch" => "`prefetch{.global,.local}.{L1,L2}`, `prefetch.global.L2::{evict_last,evict_normal}`, `prefetch{.global}.L1::32B`, each with an optional `.valid_addr` (PTX ISA 9.4), or `prefetch{.const,.param}.tensormap` (PTX ISA 9.7.9.15)",
        "prefetchu" => "`prefetchu.L1` (PTX ISA 9.7.9.15)",
        "applypriority" => "`applypriority{.global}.L2::evict_normal [a], 128`, `applypriority.async.bulk{.global}.bulk_group.L2::evict_normal [a], size` or `applypriority.async.bulk.tensor.{1d,...,5d}{.global}.bulk_group.L2::evict_normal [tensorMap, tensorCoords]` (PTX ISA 9.7.9.16)",
        "discard" => "`discard{.global}.L2 [a], 128` (PTX ISA 9.7.9.17)",
        "nanosleep" => "`nanosleep.u32 t` (PTX ISA 9.7.13.10)",
        "pmevent" => "`pmevent a` or `pmevent.mask a` (PTX ISA 9.7.19.3)",
        "setmaxnreg" => "`setmaxnreg.{inc,dec}.sync.aligned.u32 imm-reg-count` (PTX ISA 9.7.19.5)",
        "griddepcontrol" => "`griddepcontrol.{launch_dependents,wait}` (PTX ISA 9.7.13.13)",
        _ => "`brkpt` (PTX ISA 9.7.19.1)",
    }
}

impl Hint {
    /// Decodes the words after `root` (all of them: `.aligned` included);
    /// `None` where `root` is not a hint, an error that lists the syntax
    /// where the words match no line.
    ///
    /// The PTX ISA and Target ISA Notes: `prefetch`, `prefetchu`
    /// "Introduced in PTX ISA version 2.0", "requires sm_20 or higher";
    /// "Support for .level::eviction_priority qualifier introduced in PTX
    /// ISA version 7.4" (sm_80); "Support for .tensormap qualifier is
    /// introduced in PTX ISA version 8.0" (sm_90); `.L1::32B` and
    /// `.valid_addr` PTX ISA 9.4, sm_90 (CCCL's `prefetch_L1_32B`:
    /// "prefetch.global.L1::32B.valid_addr [addr]; // PTX ISA 94, SM_90").
    /// `applypriority`, `discard`: "Introduced in PTX ISA version 7.4",
    /// "Requires sm_80 or higher"; `applypriority.async.bulk{.tensor}` PTX
    /// ISA 9.4, the sm_107f family (CCCL's `applypriority_async_bulk`:
    /// `NV_HAS_FEATURE_SM_107f`). `nanosleep`: 6.3, sm_70. `pmevent`: 1.4;
    /// "pmevent.mask introduced in PTX ISA version 3.0", sm_20.
    /// `setmaxnreg`: "Introduced in PTX ISA version 8.0"; "Supported on
    /// following architectures: sm_90a, sm_100a, sm_101a, sm_120a" and,
    /// from 8.8, their families (CCCL's `setmaxnreg_inc`: "SM_90a,
    /// SM_100a, SM_100f, ..., SM_121a, SM_121f"). `griddepcontrol`: 7.8, sm_90. `brkpt`:
    /// 1.0, "requires sm_11 or higher".
    pub fn decode(root: &str, words: &[&str]) -> Option<Result<Hint, String>> {
        use HintOperands::*;
        let h = |v: u8, w: u8, sm: u16, operands| Hint {
            min: (v, w, sm),
            suffix: Suffix::None,
            operands,
        };
        let level = |w: &str| matches!(w, "L1" | "L2");
        // PTX ISA 9.4's `.valid_addr` (a promise that the address is valid) after a
        // data-cache level: the line's form, from 9.4 on sm_90. (The 9.4
        // syntax lines were not found here; CCCL and TVM spell it after
        // `.L1::32B`, and it is taken after any level.)
        if root == "prefetch" {
            if let Some(base) = words.strip_suffix(&["valid_addr"]) {
                let data_cache = !base.contains(&"tensormap") && !base.contains(&"valid_addr");
                return Some(match Hint::decode(root, base)? {
                    Ok(h) if data_cache => Ok(Hint {
                        min: (9, 4, 90),
                        ..h
                    }),
                    _ => Err(format!("expected {}", syntax(root))),
                });
            }
        }
        let hint = match (root, words) {
            // "prefetch{.space}.level [a];", ".space = { .global, .local }",
            // ".level = { .L1, .L2 }".
            ("prefetch", [l]) | ("prefetch", ["global" | "local", l]) if level(l) => {
                h(2, 0, 20, Address)
            }
            // "prefetch.global.level::eviction_priority [a];",
            // ".level::eviction_priority = { .L2::evict_last,
            // .L2::evict_normal }".
            ("prefetch", ["global", "L2::evict_last" | "L2::evict_normal"]) => h(7, 4, 80, Address),
            // PTX ISA 9.4: the 32-byte L1 prefetch of an address the
            // program promises valid.
            ("prefetch", ["L1::32B"] | ["global", "L1::32B"]) => h(9, 4, 90, Address),
            // "prefetch{.tensormap_space}.tensormap [a];",
            // ".tensormap_space = { .const, .param }".
            ("prefetch", ["tensormap"] | ["const" | "param", "tensormap"]) => h(8, 0, 90, Address),
            // "prefetchu.L1 [a];"
            ("prefetchu", ["L1"]) => h(2, 0, 20, Address),
            // "applypriority{.global}.level::eviction_priority [a], size;",
            // ".level::eviction_priority = { .L2::evict_normal }".
            ("applypriority", ["L2::evict_normal"] | ["global", "L2::evict_normal"]) => {
                h(7, 4, 80, Address128)
            }
            ("applypriority", ["async", "bulk", rest @ ..]) => {
                let (operands, rest) = match rest {
                    ["tensor", "1d" | "2d" | "3d" | "4d" | "5d", r @ ..] => (TensorCoords, r),
                    r => (AddressSize, r),
                };
                let rest = rest.strip_prefix(&["global"]).unwrap_or(rest);
                if rest != ["bulk_group", "L2::evict_normal"] {
                    return Some(Err(format!("expected {}", syntax(root))));
                }
                Hint {
                    min: (9, 4, 107),
                    suffix: Suffix::Family,
                    operands,
                }
            }
            // "discard{.global}.level [a], size;", ".level = { .L2 }".
            ("discard", ["L2"] | ["global", "L2"]) => h(7, 4, 80, Address128),
            // "nanosleep.u32 t;"
            ("nanosleep", ["u32"]) => h(6, 3, 70, Value),
            // "pmevent a; pmevent.mask a;"
            ("pmevent", []) => h(1, 4, 0, Value),
            ("pmevent", ["mask"]) => h(3, 0, 20, Value),
            // "setmaxnreg.action.sync.aligned.u32 imm-reg-count;",
            // ".action = { .inc, .dec }".
            ("setmaxnreg", ["inc" | "dec", "sync", "aligned", "u32"]) => Hint {
                min: (8, 0, 90),
                suffix: Suffix::ArchOrFamilyFrom88,
                operands: RegCount,
            },
            // "griddepcontrol.action;", ".action = { .launch_dependents,
            // .wait }".
            ("griddepcontrol", ["launch_dependents" | "wait"]) => h(7, 8, 90, Nothing),
            // "brkpt;"
            ("brkpt", []) => h(1, 0, 11, Nothing),
            (
                "prefetch" | "prefetchu" | "applypriority" | "discard" | "nanosleep" | "pmevent"
                | "setmaxnreg" | "griddepcontrol" | "brkpt",
                _,
            ) => return Some(Err(format!("expected {}", syntax(root)))),
            _ => return None,
        };
        Some(Ok(hint))
    }

    /// The PTX ISA version and target this form needs.
    pub fn requires(&self) -> (PtxVersion, Target) {
        (
            PtxVersion::new(self.min.0, self.min.1),
            Target::sm(self.min.2),
        )
    }

    /// Why `target` lacks this form though its sm is high enough.
    pub fn suffix_error(&self, version: PtxVersion, target: Target) -> Option<String> {
        self.suffix.error(version, target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(t: &str) -> Result<Hint, String> {
        let mut w = t.split('.');
        let root = w.next().unwrap();
        let words: Vec<&str> = w.collect();
        Hint::decode(root, &words).expect("a hint")
    }

    fn need(t: &str) -> (u8, u8, u16) {
        decode(t).unwrap_or_else(|e| panic!("{t}: {e}")).min
    }

    /// Every example of the sections, with its line's requirement.
    #[test]
    fn the_isa_examples() {
        assert_eq!(need("prefetch.global.L1"), (2, 0, 20));
        assert_eq!(need("prefetch.L2"), (2, 0, 20));
        assert_eq!(need("prefetch.local.L1"), (2, 0, 20));
        assert_eq!(need("prefetch.global.L2::evict_last"), (7, 4, 80));
        assert_eq!(need("prefetchu.L1"), (2, 0, 20));
        assert_eq!(need("prefetch.const.tensormap"), (8, 0, 90));
        assert_eq!(need("prefetch.tensormap"), (8, 0, 90));
        assert_eq!(need("prefetch.global.L1::32B.valid_addr"), (9, 4, 90));
        assert_eq!(need("prefetch.L1::32B.valid_addr"), (9, 4, 90));
        assert_eq!(
            need("prefetch.global.L2::evict_last.valid_addr"),
            (9, 4, 90)
        );
        assert_eq!(need("prefetch.L1.valid_addr"), (9, 4, 90));
        assert_eq!(need("applypriority.global.L2::evict_normal"), (7, 4, 80));
        assert_eq!(need("discard.global.L2"), (7, 4, 80));
        assert_eq!(need("nanosleep.u32"), (6, 3, 70));
        assert_eq!(need("pmevent"), (1, 4, 0));
        assert_eq!(need("pmevent.mask"), (3, 0, 20));
        assert_eq!(need("setmaxnreg.inc.sync.aligned.u32"), (8, 0, 90));
        assert_eq!(need("setmaxnreg.dec.sync.aligned.u32"), (8, 0, 90));
        assert_eq!(need("griddepcontrol.launch_dependents"), (7, 8, 90));
        assert_eq!(need("griddepcontrol.wait"), (7, 8, 90));
        assert_eq!(need("brkpt"), (1, 0, 11));
        let bulk = decode("applypriority.async.bulk.global.bulk_group.L2::evict_normal").unwrap();
        assert_eq!((bulk.min, bulk.suffix), ((9, 4, 107), Suffix::Family));
        assert_eq!(bulk.operands, HintOperands::AddressSize);
        // The `.global` is optional, as CCCL's and TVM's spellings show.
        let t = decode("applypriority.async.bulk.tensor.2d.bulk_group.L2::evict_normal").unwrap();
        assert_eq!(t.operands, HintOperands::TensorCoords);
        assert_eq!(
            decode("setmaxnreg.inc.sync.aligned.u32").unwrap().operands,
            HintOperands::RegCount
        );
        assert_eq!(Hint::decode("ld", &["global"]), None);
    }

    /// Spellings outside the syntax lines are errors that give the lines.
    #[test]
    fn malformed_hints() {
        for t in [
            "prefetch",
            "prefetch.L3",
            "prefetch.shared.L1",
            "prefetch.global",
            "prefetch.local.L2::evict_last",
            "prefetch.global.L2::evict_first",
            "prefetch.L1.global",
            "prefetch.global.tensormap",
            "prefetch.const.tensormap.valid_addr",
            "prefetch.L1.valid_addr.valid_addr",
            "prefetchu.L2",
            "prefetchu.global.L1",
            "applypriority.L2::evict_last",
            "applypriority.global.L2::evict_normal.v2",
            "applypriority.async.bulk.L2::evict_normal",
            "applypriority.async.bulk.tensor.6d.bulk_group.L2::evict_normal",
            "applypriority.async.bulk.tensor.bulk_group.L2::evict_normal",
            "discard.L1",
            "discard.global.L2.L2",
            "nanosleep",
            "nanosleep.u64",
            "pmevent.all",
            "setmaxnreg.inc.u32",
            "setmaxnreg.up.sync.aligned.u32",
            "setmaxnreg.inc.sync.aligned.u64",
            "griddepcontrol",
            "griddepcontrol.signal",
            "brkpt.now",
        ] {
            let e = decode(t).expect_err(t);
            assert!(e.starts_with("expected `"), "{t}: {e}");
        }
    }
}
