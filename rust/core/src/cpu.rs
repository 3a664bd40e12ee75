//! Processor features chosen when the program runs, not when it is built,
//! and the hints about memory that the searches give it.
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

/// Asks for the cache line of `value` ahead of its use.
#[inline(always)]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint; it never faults, whatever the address.
    unsafe {
        std::arch::x86_64::_mm_prefetch(value as *const T as *const i8, std::arch::x86_64::_MM_HINT_T0);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// A vector of `len` zeros whose memory the kernel is asked to back with
/// huge pages where it can (on Linux, where transparent huge pages are
/// set to `madvise`). A search that looks a large table up at random
/// misses the processor's address cache on nearly every lookup with
/// ordinary pages; with 2 MB pages a table of gigabytes fits it. The
/// memory is fresh (a large zeroed allocation is mapped, not written), so
/// the advice holds for every page the caller then writes.
pub(crate) fn huge_zeroed<T: Copy + Default>(len: usize) -> Vec<T> {
    let mut values = vec![T::default(); len];
    advise_huge_pages(&mut values);
    values
}

/// [`huge_zeroed`] of any type whose zero bytes are a value, `None` when
/// the machine cannot give the memory.
pub(crate) fn try_huge_zeroed<T: bytemuck::Zeroable>(len: usize) -> Option<Vec<T>> {
    let mut values = bytemuck::allocation::try_zeroed_vec(len).ok()?;
    advise_huge_pages(&mut values);
    Some(values)
}

fn advise_huge_pages<T>(values: &mut [T]) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = values.as_mut_ptr() as usize;
        let end = start + std::mem::size_of_val(values);
        let aligned = start.next_multiple_of(PAGE);
        if end > aligned + PAGE {
            // SAFETY: the range lies within `values`, page-aligned at its
            // start; the advice changes no contents.
            unsafe {
                libc::madvise(aligned as *mut libc::c_void, end - aligned, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = values;
}
