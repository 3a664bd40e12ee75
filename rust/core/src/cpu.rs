//! Processor features chosen when the program runs, not when it is built.
//!
//! Builds target the x86-64 baseline so that one wheel runs on every x86-64
//! machine. The searches that count bits at every node (pattern-database
//! ranking; without POPCNT each count is a dozen instructions) are compiled
//! a second time for x86-64-v2 (POPCNT, SSE3 to SSE4.2: every x86-64
//! processor since about 2009), and [`has_x86_64_v2`] picks the copy to run.
//! Such a copy is an `unsafe fn` with (on x86-64)
//! `#[target_feature(enable = "popcnt,sse3,ssse3,sse4.1,sse4.2")]`, called
//! only when [`has_x86_64_v2`] is true.

/// Whether the processor has the x86-64-v2 features (POPCNT, SSE3, SSSE3,
/// SSE4.1, SSE4.2), detected once and cached by the standard library.
/// False on other architectures, whose builds have no second copy to pick.
#[inline]
pub fn has_x86_64_v2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("sse3")
            && std::is_x86_feature_detected!("ssse3")
            && std::is_x86_feature_detected!("sse4.1")
            && std::is_x86_feature_detected!("sse4.2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
