//! The transposition table: bounds on the value of trick starts, kept across the searches
//! of one decision (many deals of the same round).
//!
//! An entry is keyed by the whole position at a trick start: every seat's hand, the
//! leader and which teams have taken a trick (for the capot). Its bounds are on the value
//! from there to the end of the round for team 0 (the other team's is the negation), so
//! one table serves both teams. Entries depend on the rules and trump mode: a table
//! remembers whose they are and empties itself when a search brings other rules.

#[derive(Clone, Copy, Default)]
pub struct Entry {
    pub hands: [u32; 4],
    /// leader | taken << 2 | 1 << 4 (occupied)
    pub meta: u8,
    /// The card tried first next time (the best found), or 255.
    pub best: u8,
    /// Cards left in the position (0: an empty slot).
    pub size: u8,
    pub lower: i16,
    pub upper: i16,
}

pub struct Table {
    /// The slots, from `start` on (the ones before only align the table, see
    /// [`huge_pages`]).
    entries: Vec<Entry>,
    start: usize,
    mask: usize,
    pub rules_id: u64,
    pub stored: u64,
}

#[inline]
fn hash(hands: &[u32; 4], meta: u8) -> u64 {
    let a = (hands[0] as u64) | (hands[1] as u64) << 32;
    let b = (hands[2] as u64) | (hands[3] as u64) << 32;
    let mut h = a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h ^= (meta as u64).wrapping_mul(0x1656_67B1_9E37_79F9);
    h ^= h >> 29;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^ (h >> 32)
}

/// Room for `size` slots, in memory the kernel is asked to back with huge pages (2 MiB,
/// Linux's transparent huge pages in `madvise` mode): a probe is a random access into
/// megabytes, with 4 KiB pages nearly each one also misses the address translation
/// cache. Returns the slots and the first one on a 2 MiB boundary; elsewhere, or when
/// the table is smaller than a huge page, plain memory from the first slot.
fn huge_pages(size: usize) -> (Vec<Entry>, usize) {
    const HUGE: usize = 2 << 20;
    let bytes = size * std::mem::size_of::<Entry>();
    if !cfg!(target_os = "linux") || bytes < HUGE {
        return (vec![Entry::default(); size], 0);
    }
    let spare = HUGE / std::mem::size_of::<Entry>() + 1;
    let mut entries: Vec<Entry> = Vec::with_capacity(size + spare);
    let base = entries.as_ptr() as usize;
    let aligned = base.next_multiple_of(HUGE);
    let skip = (aligned - base).div_ceil(std::mem::size_of::<Entry>());
    #[cfg(target_os = "linux")]
    {
        extern "C" {
            fn madvise(addr: *mut std::ffi::c_void, length: usize, advice: i32) -> i32;
        }
        const MADV_HUGEPAGE: i32 = 14;
        let end = (base + (size + spare) * std::mem::size_of::<Entry>()) / HUGE * HUGE;
        // SAFETY: the range lies inside the vector's allocation (not yet touched, so the
        // first writes fault huge pages in); advice only, its failure changes nothing.
        unsafe {
            madvise(
                aligned as *mut std::ffi::c_void,
                end - aligned,
                MADV_HUGEPAGE,
            );
        }
    }
    // the capacity past the last slot stays untouched (not in memory)
    entries.resize(skip + size, Entry::default());
    (entries, skip)
}

impl Table {
    pub fn new(bits: u32) -> Table {
        let size = 1usize << bits.clamp(10, 28);
        let (entries, start) = huge_pages(size);
        Table {
            entries,
            start,
            mask: size - 1,
            rules_id: 0,
            stored: 0,
        }
    }

    pub fn clear(&mut self) {
        self.entries[self.start..]
            .iter_mut()
            .for_each(|e| *e = Entry::default());
        self.stored = 0;
    }

    pub fn len(&self) -> usize {
        self.mask + 1
    }

    /// Use the table for these rules: emptied when it held another rule set's values.
    pub fn bind(&mut self, rules_id: u64) {
        if self.rules_id != rules_id {
            if self.rules_id != 0 {
                self.clear();
            }
            self.rules_id = rules_id;
        }
    }

    /// The bucket of a position (two slots).
    #[inline]
    pub fn bucket(&self, hands: &[u32; 4], meta: u8) -> usize {
        self.start + ((hash(hands, meta) as usize) & self.mask & !1)
    }

    /// Start loading a bucket into the cache (a hint; no effect on what is read).
    #[inline]
    pub fn prefetch(&self, i: usize) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch never faults, and the address is inside the table.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(self.entries.as_ptr().add(i) as *const i8);
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }

    /// The entry of this position in its bucket, if present.
    #[inline]
    pub fn probe(&self, i: usize, hands: &[u32; 4], meta: u8) -> Option<&Entry> {
        let meta = meta | 16;
        self.entries[i..i + 2]
            .iter()
            .find(|e| e.meta == meta && e.hands == *hands)
    }

    /// Store bounds in the bucket: over the same position, else over an empty slot, else
    /// over the slot whose position had fewer cards left (less work to find again).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        i: usize,
        hands: &[u32; 4],
        meta: u8,
        size: u8,
        lower: i32,
        upper: i32,
        best: u8,
    ) {
        let meta = meta | 16;
        let (a, b) = (&self.entries[i], &self.entries[i + 1]);
        let slot = if a.meta == meta && a.hands == *hands {
            i
        } else if b.meta == meta && b.hands == *hands {
            i + 1
        } else if a.size <= b.size {
            i
        } else {
            i + 1
        };
        self.stored += 1;
        self.entries[slot] = Entry {
            hands: *hands,
            meta,
            best,
            size,
            lower: lower as i16,
            upper: upper as i16,
        };
    }
}
