/*
 * Reference known-answer vectors for netarcade.core.prng.
 *
 * splitmix64 and xoshiro256** below are the public-domain reference
 * implementations by Sebastiano Vigna and David Blackman
 * (https://prng.di.unimi.it/splitmix64.c, https://prng.di.unimi.it/xoshiro256starstar.c),
 * lightly adapted so that several generators can be seeded in one program.
 *
 * Written in 2015 (splitmix64) / 2018 (xoshiro256**) by Sebastiano Vigna
 * and David Blackman (vigna@acm.org).  To the extent possible under law,
 * the authors have dedicated all copyright and related and neighboring
 * rights to this software to the public domain worldwide.  See
 * <http://creativecommons.org/publicdomain/zero/1.0/>.
 *
 * Regenerate:
 *   gcc -O2 tests/vectors/xoshiro256starstar.c -o /tmp/x && /tmp/x
 */
#include <stdint.h>
#include <stdio.h>
#include <inttypes.h>

/* ---- splitmix64 (reference) ---- */
static uint64_t x; /* The state can be seeded with any value. */

static uint64_t splitmix64_next(void) {
	uint64_t z = (x += 0x9e3779b97f4a7c15);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
	return z ^ (z >> 31);
}

/* ---- xoshiro256** (reference) ---- */
static inline uint64_t rotl(const uint64_t x, int k) {
	return (x << k) | (x >> (64 - k));
}

static uint64_t s[4];

static uint64_t next(void) {
	const uint64_t result = rotl(s[1] * 5, 7) * 9;

	const uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];

	s[2] ^= t;

	s[3] = rotl(s[3], 45);

	return result;
}

/* ---- seeding as in netarcade.core.prng.Rng(seed) ---- */
static void seed_xoshiro(uint64_t seed) {
	x = seed;
	for (int i = 0; i < 4; i++) s[i] = splitmix64_next();
}

/* unbiased below(n) exactly as netarcade.core.prng.Rng.below */
static uint64_t below(uint64_t n) {
	/* limit = largest multiple of n <= 2**64, i.e. 2**64 - (2**64 mod n) */
	unsigned __int128 two64 = (unsigned __int128)1 << 64;
	unsigned __int128 limit = two64 - (two64 % n);
	for (;;) {
		uint64_t v = next();
		if ((unsigned __int128)v < limit) return v % n;
	}
}

int main(void) {
	printf("# splitmix64 seed 0, first 5 outputs\n");
	x = 0;
	for (int i = 0; i < 5; i++) printf("0x%016" PRIx64 "\n", splitmix64_next());

	const uint64_t seeds[3] = {0, 1, UINT64_MAX};
	for (int k = 0; k < 3; k++) {
		seed_xoshiro(seeds[k]);
		printf("# xoshiro256** seed %" PRIu64 ": state then first 10 outputs\n", seeds[k]);
		printf("state 0x%016" PRIx64 " 0x%016" PRIx64 " 0x%016" PRIx64 " 0x%016" PRIx64 "\n",
		       s[0], s[1], s[2], s[3]);
		for (int i = 0; i < 10; i++) printf("0x%016" PRIx64 "\n", next());
	}

	/* Fisher-Yates shuffle of 0..9 from the end, seed 42 */
	seed_xoshiro(42);
	int a[10];
	for (int i = 0; i < 10; i++) a[i] = i;
	printf("# shuffle(list(range(10))) seed 42: j values then result\n");
	for (int i = 9; i >= 1; i--) {
		int j = (int)below((uint64_t)(i + 1));
		printf("i=%d j=%d\n", i, j);
		int t = a[i]; a[i] = a[j]; a[j] = t;
	}
	printf("[");
	for (int i = 0; i < 10; i++) printf(i ? ", %d" : "%d", a[i]);
	printf("]\n");
	return 0;
}
