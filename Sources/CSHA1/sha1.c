#include "csha1.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

int habit_sha1_hardware_available(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    int ssse3 = (ecx >> 9) & 1, sse41 = (ecx >> 19) & 1;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    int sha = (ebx >> 29) & 1;
    return ssse3 && sse41 && sha;
}

/*
 * The message words are taken four at a time, the first of each four in the highest lane, as the
 * instructions want A and W[t] there. Group g of the schedule (g >= 4) is
 * msg2(msg1(W[g-4], W[g-3]) ^ W[g-2], W[g-1]); each sha1rnds4 runs four rounds with the function
 * of its twenty, and sha1nexte derives the next rounds' E from A as it was four rounds earlier.
 */
#define HABIT_SHA1_GROUP(g, function)                                                                   \
    do {                                                                                               \
        __m128i message;                                                                               \
        if ((g) < 4) {                                                                                 \
            message = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * (g))), reverse);  \
        } else {                                                                                       \
            message = _mm_sha1msg2_epu32(                                                              \
                _mm_xor_si128(_mm_sha1msg1_epu32(w[(g) % 4], w[((g) + 1) % 4]), w[((g) + 2) % 4]),   \
                w[((g) + 3) % 4]);                                                                     \
        }                                                                                              \
        w[(g) % 4] = message;                                                                          \
        __m128i input = (g) == 0 ? _mm_add_epi32(e, message) : _mm_sha1nexte_epu32(before, message);  \
        before = abcd;                                                                                 \
        abcd = _mm_sha1rnds4_epu32(abcd, input, function);                                             \
    } while (0)

__attribute__((target("sha,ssse3,sse4.1")))
void habit_sha1_hardware_blocks(uint32_t state[5], const uint8_t *data, size_t blocks) {
    const __m128i reverse = _mm_set_epi64x(0x0001020304050607LL, 0x08090a0b0c0d0e0fLL);
    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)state), 0x1B);
    __m128i e = _mm_set_epi32((int)state[4], 0, 0, 0);
    for (; blocks > 0; blocks--, data += 64) {
        __m128i abcd_start = abcd, e_start = e, before = abcd;
        __m128i w[4];
        HABIT_SHA1_GROUP(0, 0); HABIT_SHA1_GROUP(1, 0); HABIT_SHA1_GROUP(2, 0); HABIT_SHA1_GROUP(3, 0);
        HABIT_SHA1_GROUP(4, 0); HABIT_SHA1_GROUP(5, 1); HABIT_SHA1_GROUP(6, 1); HABIT_SHA1_GROUP(7, 1);
        HABIT_SHA1_GROUP(8, 1); HABIT_SHA1_GROUP(9, 1); HABIT_SHA1_GROUP(10, 2); HABIT_SHA1_GROUP(11, 2);
        HABIT_SHA1_GROUP(12, 2); HABIT_SHA1_GROUP(13, 2); HABIT_SHA1_GROUP(14, 2); HABIT_SHA1_GROUP(15, 3);
        HABIT_SHA1_GROUP(16, 3); HABIT_SHA1_GROUP(17, 3); HABIT_SHA1_GROUP(18, 3); HABIT_SHA1_GROUP(19, 3);
        e = _mm_sha1nexte_epu32(before, e_start);
        abcd = _mm_add_epi32(abcd, abcd_start);
    }
    _mm_storeu_si128((__m128i *)state, _mm_shuffle_epi32(abcd, 0x1B));
    state[4] = (uint32_t)_mm_extract_epi32(e, 3);
}

#else

int habit_sha1_hardware_available(void) { return 0; }

void habit_sha1_hardware_blocks(uint32_t state[5], const uint8_t *data, size_t blocks) {
    (void)state; (void)data; (void)blocks;
}

#endif
