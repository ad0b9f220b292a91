//! `membar` and `fence` as data (PTX ISA 9.7.15.4 "membar/fence"): one row
//! per syntax line, with the PTX ISA version and sm target it needs. The
//! engine runs every form as a no-op (it performs each access when its
//! instruction runs, in program order; docs/ENGINE.md "Memory order:
//! `membar` and `fence`"), so a form
//! is only decoded and checked against the module's `.version` and
//! `.target`.

use crate::target::{PtxVersion, Target};

/// A `membar` or `fence`, decoded: what it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fence {
    /// The PTX ISA version and sm target of its syntax line and
    /// qualifiers.
    pub min: (u8, u8, u16),
    /// `fence.proxy.tensormap::generic.acquire.scope [addr], size` takes
    /// two operands; every other form none.
    pub operands: u8,
}

/// ".sem = { .sc, .acq_rel, .acquire, .release }".
const SEM: [&str; 4] = ["sc", "acq_rel", "acquire", "release"];
/// ".scope = { .cta, .cluster, .gpu, .sys }".
const SCOPE: [&str; 4] = ["cta", "cluster", "gpu", "sys"];

impl Fence {
    /// Decodes the words after `membar`/`fence` (`root`); an error that
    /// lists the syntax where they match no line. The PTX ISA Notes and
    /// Target ISA Notes: "membar.{cta,gl} introduced in PTX ISA version
    /// 1.4", "membar.sys introduced in PTX ISA version 2.0" (sm_20), "fence
    /// introduced in PTX ISA version 6.0" (sm_70), "membar.proxy and
    /// fence.proxy introduced in PTX ISA version 7.5" (sm_60, sm_70),
    /// ".cluster scope qualifier introduced in PTX ISA version 7.8" (sm_90),
    /// ".op_restrict qualifier introduced in PTX ISA version 8.0" (sm_90),
    /// "fence.proxy.async is introduced in PTX ISA version 8.0" (sm_90),
    /// ".to_proxykind::from_proxykind qualifier introduced in PTX ISA
    /// version 8.3" (sm_90), ".acquire and .release qualifiers for fence
    /// instruction introduced in PTX ISA version 8.6" (sm_90),
    /// ".sync_restrict qualifier introduced in PTX ISA version 8.6" (sm_90),
    /// ".to_proxykind::from_proxykind_fabric qualifier introduced in PTX
    /// ISA version 9.3" (sm_100), ".sync_restrict::shared::cluster::read
    /// qualifier introduced in PTX ISA version 9.4" (sm_90), ".acquire and
    /// .release qualifiers with .alias qualifier introduced in PTX ISA
    /// version 9.4" (sm_90).
    pub fn decode(root: &str, words: &[&str]) -> Result<Fence, String> {
        let f = |v: u8, w: u8, sm: u16| Fence {
            min: (v, w, sm),
            operands: 0,
        };
        let sem = |w: &str| SEM.contains(&w);
        let scope = |w: &str| SCOPE.contains(&w);
        // A scope's own requirement: ".cluster" 7.8 and sm_90.
        let with_scope = |mut x: Fence, s: &str| {
            if s == "cluster" {
                x.min = max(x.min, (7, 8, 90));
            }
            x
        };
        if root == "membar" {
            return match words {
                ["cta" | "gl"] => Ok(f(1, 4, 0)),
                ["sys"] => Ok(f(2, 0, 20)),
                ["proxy", "alias"] => Ok(f(7, 5, 60)),
                ["proxy", "async"] | ["proxy", "async", "global" | "shared::cta" | "shared::cluster"] => Ok(f(8, 0, 90)),
                _ => Err("expected `membar.level` (`.cta`, `.gl`, `.sys`) or `membar.proxy.proxykind` (`.alias`, `.async`, `.async.global`, `.async.shared::cta`, `.async.shared::cluster`)".into()),
            };
        }
        let x = match words {
            // "fence{.sem}.scope;"
            [s] if scope(s) => with_scope(f(6, 0, 70), s),
            [m, s] if sem(m) && scope(s) => {
                let base = if matches!(*m, "acquire" | "release") {
                    f(8, 6, 90)
                } else {
                    f(6, 0, 70)
                };
                with_scope(base, s)
            }
            // "fence.acquire.sync_restrict::shared::cluster.cluster;",
            // "fence.release.sync_restrict::shared::cta.cluster;"
            ["acquire", "sync_restrict::shared::cluster", "cluster"]
            | ["release", "sync_restrict::shared::cta", "cluster"] => f(8, 6, 90),
            // "fence.op_restrict.release.cluster;", ".op_restrict = {
            // .mbarrier_init }"
            ["mbarrier_init", "release", "cluster"] => f(8, 0, 90),
            // "fence.proxy.proxykind;"
            ["proxy", "alias"] => f(7, 5, 70),
            ["proxy", "async"] | ["proxy", "async", "global" | "shared::cta" | "shared::cluster"] => {
                f(8, 0, 90)
            }
            // "fence.proxy.proxykind{.sem}.scope;" with ".sem_alias = {
            // .acquire, .release }", ".scope_alias = { .sys }".
            ["proxy", "alias", "acquire" | "release", "sys"] => f(9, 4, 90),
            // "fence.proxy.to_proxykind::from_proxykind.release.scope;",
            // "fence.proxy.to_proxykind::from_proxykind.acquire.scope
            // [addr], size;" with ".to_proxykind::from_proxykind =
            // {.tensormap::generic}".
            ["proxy", "tensormap::generic", "release", s] if scope(s) => with_scope(f(8, 3, 90), s),
            ["proxy", "tensormap::generic", "acquire", s] if scope(s) => Fence {
                operands: 2,
                ..with_scope(f(8, 3, 90), s)
            },
            // The async::generic fences with a synchronization restriction.
            ["proxy", "async::generic", "acquire", "sync_restrict::shared::cluster", "cluster"]
            | ["proxy", "async::generic", "release", "sync_restrict::shared::cta", "cluster"] => {
                f(8, 6, 90)
            }
            ["proxy", "async::generic", "release", "sync_restrict::shared::cluster::read", "cluster"] => {
                f(9, 4, 90)
            }
            // "fence.proxy.to_proxykind::from_proxykind_fabric.alias
            // .sem_fabric.sys;"
            ["proxy", "generic::fabric" | "fabric::generic" | "fabric::fabric", "alias", "acquire" | "release", "sys"] => {
                f(9, 3, 100)
            }
            _ => {
                return Err("expected `fence{.sem}.scope`, `fence.acquire.sync_restrict::shared::cluster.cluster`, `fence.release.sync_restrict::shared::cta.cluster`, `fence.mbarrier_init.release.cluster`, `fence.proxy.proxykind`, `fence.proxy.alias.{acquire,release}.sys`, `fence.proxy.tensormap::generic.{release,acquire}.scope`, `fence.proxy.async::generic...sync_restrict...cluster` or `fence.proxy.{generic::fabric,fabric::generic,fabric::fabric}.alias.{acquire,release}.sys` (.sem: .sc, .acq_rel, .acquire, .release; .scope: .cta, .cluster, .gpu, .sys)".into())
            }
        };
        Ok(x)
    }

    /// The PTX ISA version and target this form needs.
    pub fn requires(&self) -> (PtxVersion, Target) {
        (
            PtxVersion::new(self.min.0, self.min.1),
            Target::sm(self.min.2),
        )
    }
}

/// The later of two requirements, field by field.
fn max(a: (u8, u8, u16), b: (u8, u8, u16)) -> (u8, u8, u16) {
    let v = if (a.0, a.1) >= (b.0, b.1) {
        (a.0, a.1)
    } else {
        (b.0, b.1)
    };
    (v.0, v.1, a.2.max(b.2))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn need(root: &str, t: &str) -> (u8, u8, u16) {
        let w: Vec<&str> = t.split('.').filter(|s| !s.is_empty()).collect();
        Fence::decode(root, &w)
            .unwrap_or_else(|e| panic!("{t}: {e}"))
            .min
    }

    /// Every example of 9.7.15.4 decodes, with its line's requirement.
    #[test]
    fn the_isa_examples() {
        assert_eq!(need("membar", "gl"), (1, 4, 0));
        assert_eq!(need("membar", "cta"), (1, 4, 0));
        assert_eq!(need("membar", "sys"), (2, 0, 20));
        assert_eq!(need("fence", "sc.cta"), (6, 0, 70));
        assert_eq!(need("fence", "sc.cluster"), (7, 8, 90));
        assert_eq!(need("fence", "proxy.alias"), (7, 5, 70));
        assert_eq!(need("membar", "proxy.alias"), (7, 5, 60));
        assert_eq!(need("fence", "mbarrier_init.release.cluster"), (8, 0, 90));
        for t in [
            "proxy.async",
            "proxy.async.shared::cta",
            "proxy.async.shared::cluster",
            "proxy.async.global",
        ] {
            assert_eq!(need("fence", t), (8, 0, 90), "{t}");
        }
        assert_eq!(
            need("fence", "proxy.tensormap::generic.release.gpu"),
            (8, 3, 90)
        );
        assert_eq!(
            Fence::decode("fence", &["proxy", "tensormap::generic", "acquire", "gpu"])
                .map(|f| f.operands),
            Ok(2)
        );
        assert_eq!(
            need(
                "fence",
                "proxy.async::generic.acquire.sync_restrict::shared::cluster.cluster"
            ),
            (8, 6, 90)
        );
        assert_eq!(
            need("fence", "acquire.sync_restrict::shared::cluster.cluster"),
            (8, 6, 90)
        );
        assert_eq!(
            need("fence", "release.sync_restrict::shared::cta.cluster"),
            (8, 6, 90)
        );
        assert_eq!(
            need("fence", "proxy.generic::fabric.alias.release.sys"),
            (9, 3, 100)
        );
        assert_eq!(
            need("fence", "proxy.fabric::generic.alias.acquire.sys"),
            (9, 3, 100)
        );
        assert_eq!(need("fence", "proxy.alias.release.sys"), (9, 4, 90));
        assert_eq!(need("fence", "proxy.alias.acquire.sys"), (9, 4, 90));
        assert_eq!(
            need(
                "fence",
                "proxy.async::generic.release.sync_restrict::shared::cluster::read.cluster"
            ),
            (9, 4, 90)
        );
        assert_eq!(need("fence", "acq_rel.gpu"), (6, 0, 70));
        assert_eq!(need("fence", "acquire.cluster"), (8, 6, 90));
    }

    /// Forms no syntax line has.
    #[test]
    fn malformed_fences() {
        for t in [
            "sc",
            "bogus.gpu",
            "proxy.alias.release.gpu",
            "proxy.alias.sc.sys",
            "proxy.async.release.gpu",
            "acquire.sync_restrict::shared::cta.cluster",
            "proxy.async::generic.release.sync_restrict::shared::cluster::read.gpu",
            "mbarrier_init.release.gpu",
        ] {
            let w: Vec<&str> = t.split('.').collect();
            assert!(Fence::decode("fence", &w).is_err(), "{t}");
        }
        assert!(Fence::decode("membar", &["gpu"]).is_err());
        assert!(Fence::decode("membar", &[]).is_err());
    }
}
