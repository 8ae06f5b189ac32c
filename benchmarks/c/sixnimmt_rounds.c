/* A tight C loop of random 6 nimmt! rounds, the yardstick of mowkit's compiled kernel.
 *
 * Same rules, generator and algorithm as mowkit.kernels.sixnimmt._random_rounds_kernel:
 * 104 cards, heads 7 (55), 5 (multiples of 11), 3 (of 10), 2 (of 5), else 1; 4 rows of
 * capacity 5, 10 cards a hand. xoshiro256** seeded by splitmix64, a bounded draw from the top
 * 32 bits by Lemire's method; a round is a partial Fisher-Yates of the cards in play (the deck
 * carried over from the previous round), seat p's hand is deck[10p .. 10p+9] played from the
 * end (a uniformly random card each turn), Rule 4 takes the row with the fewest heads (ties to
 * the lowest index). Heads per seat and round go to an int16 array, as the kernel's output.
 *
 *   sixnimmt_rounds PLAYERS ROUNDS SEED
 * prints: rounds seconds mean_heads_per_player_per_round standard_error
 * (seconds: the loop only, CLOCK_PROCESS_CPUTIME_ID; the standard error from per-round means).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define DECK 104
#define ROWS 4
#define HAND 10
#define CAP 5

static uint64_t s[4];

static void seed(uint64_t x) {
    for (int i = 0; i < 4; i++) {
        x += 0x9E3779B97F4A7C15ULL;
        uint64_t z = x;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        s[i] = z ^ (z >> 31);
    }
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t next64(void) {
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

static inline int64_t below(int64_t m) {
    int64_t x = (int64_t)(next64() >> 32) * m;
    int64_t lo = x & 0xFFFFFFFF;
    if (lo < m) {
        int64_t t = ((1LL << 32) - m) % m;
        while (lo < t) {
            x = (int64_t)(next64() >> 32) * m;
            lo = x & 0xFFFFFFFF;
        }
    }
    return x >> 32;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s PLAYERS ROUNDS SEED\n", argv[0]);
        return 2;
    }
    int n = atoi(argv[1]);
    long rounds = atol(argv[2]);
    seed((uint64_t)atoll(argv[3]));
    if (n < 2 || n > 10 || rounds < 1) {
        fprintf(stderr, "players must be 2..10 and rounds >= 1\n");
        return 2;
    }
    int heads[DECK + 1];
    for (int c = 1; c <= DECK; c++)
        heads[c] = c == 55 ? 7 : c % 11 == 0 ? 5 : c % 10 == 0 ? 3 : c % 5 == 0 ? 2 : 1;
    int16_t *out = malloc(sizeof(int16_t) * (size_t)rounds * n);
    int deck[DECK];
    for (int a = 0; a < DECK; a++) deck[a] = a + 1;
    int need = n * HAND + ROWS, base = n * HAND;
    int last[ROWS], rcnt[ROWS], rhd[ROWS], pen[10], cards[10], owners[10];
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    for (long i = 0; i < rounds; i++) {
        for (int a = 0; a < need; a++) {
            int b = a + (int)below(DECK - a);
            int t = deck[a];
            deck[a] = deck[b];
            deck[b] = t;
        }
        for (int r = 0; r < ROWS; r++) {
            int c = deck[base + r];
            last[r] = c;
            rcnt[r] = 1;
            rhd[r] = heads[c];
        }
        for (int p = 0; p < n; p++) pen[p] = 0;
        for (int t = HAND - 1; t >= 0; t--) {
            for (int p = 0; p < n; p++) {
                int c = deck[p * HAND + t], j = p;
                while (j > 0 && cards[j - 1] > c) {
                    cards[j] = cards[j - 1];
                    owners[j] = owners[j - 1];
                    j--;
                }
                cards[j] = c;
                owners[j] = p;
            }
            for (int j = 0; j < n; j++) {
                int c = cards[j], br = -1, bl = -1;
                for (int r = 0; r < ROWS; r++)
                    if (last[r] < c && last[r] > bl) {
                        bl = last[r];
                        br = r;
                    }
                if (br < 0) { /* Rule 4: fewest heads, ties to the lowest index */
                    br = 0;
                    for (int r = 1; r < ROWS; r++)
                        if (rhd[r] < rhd[br]) br = r;
                    pen[owners[j]] += rhd[br];
                    rcnt[br] = 1;
                    rhd[br] = heads[c];
                } else if (rcnt[br] >= CAP) { /* Rule 3 */
                    pen[owners[j]] += rhd[br];
                    rcnt[br] = 1;
                    rhd[br] = heads[c];
                } else {
                    rcnt[br]++;
                    rhd[br] += heads[c];
                }
                last[br] = c;
            }
        }
        for (int p = 0; p < n; p++) out[i * n + p] = (int16_t)pen[p];
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    double m1 = 0, m2 = 0;
    for (long i = 0; i < rounds; i++) {
        double x = 0;
        for (int p = 0; p < n; p++) x += out[i * n + p];
        x /= n;
        m1 += x;
        m2 += x * x;
    }
    double mean = m1 / rounds;
    double var = (m2 / rounds - mean * mean) * rounds / (rounds > 1 ? rounds - 1 : 1);
    double secs = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
    printf("%ld %.6f %.6f %.6f\n", rounds, secs, mean, sqrt(var > 0 ? var / rounds : 0));
    free(out);
    return 0;
}
