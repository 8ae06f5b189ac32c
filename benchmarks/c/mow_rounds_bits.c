/* A tight C loop of random Mow rounds with bit-set hands: the algorithm of mowkit's all-random
 * Mow loop (mowkit.kernels.mow._random_round) in C, the yardstick of that loop.
 *
 * mow_rounds.c enumerates the legal list of every turn, as the kernel's general loop does; this
 * loop plays the same rounds (the same draws over the same engine-ordered legal lists) with less
 * work: cards are numbered by their rank in the sorted deck (rank order = card-id order), a hand
 * is a bit set of ranks in two 64-bit words, a herd is its lowest and highest value, length,
 * flies, mad flag and a map value -> card; the legal numbered cows are one mask operation
 * counted by popcount, special cows in the hand are counted one by one, and the chosen action
 * is found from its index without building the list. Input and output as mow_rounds.c (below).
 *
 * What follows is mow_rounds.c's description, which holds here too:
 *
 * Same rules, generator and algorithm as the random farmers of mowkit.kernels.mow's round loop
 * (_rounds_kernel / _play_round / _play_on / _legal): every special cow (blocking, acrobat,
 * slowpoke, calf, thin, dairy, mad), the draw pile, takes, the arrow flip of green specials,
 * the next farmer named by yellow ones, restart by the taker or the next farmer, the two-player
 * star (three herds), passing the start of an empty herd, the round ending with the first take
 * on an empty pile. A decision is one uniform draw over the legal list in the engine's order.
 * xoshiro256** seeded by splitmix64, bounded draws from the top 32 bits (Lemire); each round a
 * full Fisher-Yates shuffle of the deck (carried over from the previous round); farmer p gets
 * cards 5p..5p+4, the rest is the pile. Random farmers never read the hidden-card counts the
 * kernel keeps for its greedy farmers, so this loop does not keep them.
 *
 *   mow_rounds CARDS_FILE PLAYERS ROUNDS SEED
 * CARDS_FILE: "T STARTER HERDS RESTART_TAKER ALLOW_SELF", then T lines "kind number flies green
 * numbered" (card id = line index; kind 0 plain 1 blocking 2 acrobat 3 slowpoke 4 calf 5 thin
 * 6 dairy 7 mad), then "D" and the D card ids of the deck in use.
 * prints: rounds seconds, then per farmer the mean flies and their standard error
 * (seconds: the loop only, CLOCK_PROCESS_CPUTIME_ID).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { PLAIN, BLOCKING, ACROBAT, SLOWPOKE, CALF, THIN, DAIRY, MAD };
enum { A_LOW, A_HIGH, A_START, A_ACRO, A_SLOW, A_CALF_LO, A_CALF_HI, A_MAD, A_TAKE };
#define MAXC 256
#define HAND 5
#define WIDTH 64
#define LINE 32

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

static inline int below(int64_t m) {
    int64_t x = (int64_t)(next64() >> 32) * m;
    int64_t lo = x & 0xFFFFFFFF;
    if (lo < m) {
        int64_t t = ((1LL << 32) - m) % m;
        while (lo < t) {
            x = (int64_t)(next64() >> 32) * m;
            lo = x & 0xFFFFFFFF;
        }
    }
    return (int)(x >> 32);
}

static int kind[MAXC], num[MAXC], fl[MAXC], green[MAXC], numbered[MAXC];
static int n, nh, starter, restart_taker, allow_self;
/* per rank (the deck's cards in id order) */
static int rkind[MAXC], rnum[MAXC], rfl[MAXC], rgreen[MAXC];
static uint64_t numb[2], fly[2], spec[2], lower[LINE][2], higher[LINE][2];
static uint64_t hm[10][2];
static int sc[10], hlo[3], hhi[3], hl[3], hfl[3], hmad[3], vcard[3][LINE];

static inline int mod(int x, int m) { return ((x % m) + m) % m; }
static inline int popc(uint64_t x) { return __builtin_popcountll(x); }
static inline int ctz(uint64_t x) { return __builtin_ctzll(x); }
static inline void hand_add(int p, int c) { hm[p][c >> 6] |= 1ULL << (c & 63); }

static inline int nth_bit(uint64_t m0, uint64_t m1, int idx) {
    int c0 = popc(m0), base = 0;
    uint64_t w = m0;
    if (idx >= c0) {
        w = m1;
        idx -= c0;
        base = 64;
    }
    for (int i = 0; i < idx; i++) w &= w - 1;
    return base + ctz(w);
}

static inline int plain0(int t) { return rkind[t] == PLAIN && rfl[t] == 0; }

static inline int special_count(int c, int h, int lo, int hi, int L) {
    int kc = rkind[c], t;
    if (kc == ACROBAT) {
        t = vcard[h][rnum[c] + 1];
        return t >= 0 && rkind[t] == PLAIN;
    }
    if (kc == SLOWPOKE) return hi - lo + 1 - L;
    if (kc == CALF) return plain0(vcard[h][lo + 1]) + plain0(vcard[h][hi + 1]);
    t = vcard[h][9]; /* mad: a plain 8 in the line */
    return t >= 0 && rkind[t] == PLAIN;
}

static inline int step(int p, int arrow) {
    p += arrow;
    return p == n ? 0 : (p < 0 ? n - 1 : p);
}

static void play_round(const int *order, int dsize, int *score) {
    for (int p = 0; p < n; p++) {
        hm[p][0] = hm[p][1] = 0;
        sc[p] = 0;
        for (int i = 0; i < HAND; i++) hand_add(p, order[p * HAND + i]);
    }
    for (int h = 0; h < nh; h++) hl[h] = hfl[h] = hmad[h] = 0;
    int pp = n * HAND, active = 0, q = starter, arrow = 1;
    for (;;) {
        int h = active, L = hl[h], p, c, sub = 0;
        if (L == 0) {
            p = -1;
            for (int i = 0, r = q; i < n; i++, r = step(r, arrow))
                if ((hm[r][0] & numb[0]) | (hm[r][1] & numb[1])) {
                    p = r;
                    break;
                }
            if (p < 0) break; /* nobody can start: the round ends */
            uint64_t m0 = hm[p][0] & numb[0], m1 = hm[p][1] & numb[1];
            c = nth_bit(m0, m1, below(popc(m0) + popc(m1)));
            int v = rnum[c];
            hlo[h] = hhi[h] = v;
            hl[h] = 1;
            vcard[h][v + 1] = c;
        } else {
            p = q;
            uint64_t a0 = hm[p][0], a1 = hm[p][1];
            if (hmad[h]) {
                a0 &= fly[0];
                a1 &= fly[1];
            }
            int lo = hlo[h], hi = hhi[h];
            uint64_t m0 = a0 & (lower[lo + 1][0] | higher[hi + 1][0]);
            uint64_t m1 = a1 & (lower[lo + 1][1] | higher[hi + 1][1]);
            uint64_t s0 = a0 & spec[0], s1 = a1 & spec[1];
            int k = popc(m0) + popc(m1) + 1, ks = 0;
            for (uint64_t w = s0; w; w &= w - 1) ks += special_count(ctz(w), h, lo, hi, L);
            for (uint64_t w = s1; w; w &= w - 1) ks += special_count(64 + ctz(w), h, lo, hi, L);
            k += ks;
            int idx = below(k);
            if (idx == k - 1) { /* take the herd */
                sc[p] += hfl[h];
                for (int x = lo + 1; x <= hi + 1; x++) vcard[h][x] = -1;
                hl[h] = hfl[h] = hmad[h] = 0;
                if (pp >= dsize) break; /* a take with an empty pile ends the round */
                if (restart_taker) {
                    q = p;
                    continue;
                }
                q = step(p, arrow);
                if (nh == 3) active = mod(active + arrow, 3);
                continue;
            }
            if (ks == 0) {
                c = nth_bit(m0, m1, idx);
            } else { /* walk the cards with actions in rank order */
                c = -1;
                for (int wi = 0; wi < 2 && c < 0; wi++) {
                    uint64_t numw = wi ? m1 : m0;
                    for (uint64_t w = wi ? (m1 | s1) : (m0 | s0); w; w &= w - 1) {
                        int b = ctz(w), cc = 64 * wi + b;
                        int cnt = ((numw >> b) & 1) ? 1 : special_count(cc, h, lo, hi, L);
                        if (idx < cnt) {
                            c = cc;
                            sub = idx;
                            break;
                        }
                        idx -= cnt;
                    }
                }
            }
            int kc = rkind[c];
            if (kc == ACROBAT) {
                /* on top of its target; the line is unchanged */
            } else if (kc == SLOWPOKE) {
                int v = lo + 1;
                for (;; v++)
                    if (vcard[h][v + 1] < 0) {
                        if (sub == 0) break;
                        sub--;
                    }
                vcard[h][v + 1] = c;
                hl[h] = L + 1;
            } else if (kc == CALF) {
                if (sub == 0 && plain0(vcard[h][lo + 1])) {
                    hlo[h] = lo - 1;
                    vcard[h][lo] = c;
                } else {
                    hhi[h] = hi + 1;
                    vcard[h][hi + 2] = c;
                }
                hl[h] = L + 1;
            } else if (kc == MAD) {
                int eight = vcard[h][9];
                vcard[h][9] = c;
                hfl[h] -= rfl[eight];
                hmad[h] = 1;
                hand_add(p, eight);
            } else { /* a numbered cow at one end */
                int v = rnum[c];
                if (v < lo) hlo[h] = v;
                else hhi[h] = v;
                vcard[h][v + 1] = c;
                hl[h] = L + 1;
            }
        }
        hm[p][c >> 6] &= ~(1ULL << (c & 63));
        hfl[h] += rfl[c];
        int kc = rkind[c], want = kc == THIN ? 0 : (kc == DAIRY ? 2 : 1), chosen = -1;
        for (int w = 0; w < want; w++)
            if (pp < dsize) hand_add(p, order[pp++]);
        if (kc != PLAIN) {
            if (rgreen[c]) {
                if (below(2) == 1) arrow = -arrow;
            } else {
                int pick = below(allow_self ? n : n - 1);
                chosen = (allow_self || pick < p) ? pick : pick + 1;
            }
        }
        q = chosen >= 0 ? chosen : step(p, arrow);
        if (nh == 3) active = mod(active + arrow, 3);
    }
    for (int h = 0; h < nh; h++)
        if (hl[h])
            for (int x = hlo[h] + 1; x <= hhi[h] + 1; x++) vcard[h][x] = -1;
    for (int p = 0; p < n; p++) {
        int x = sc[p];
        for (int wi = 0; wi < 2; wi++)
            for (uint64_t w = hm[p][wi]; w; w &= w - 1) x += rfl[64 * wi + ctz(w)];
        score[p] = x;
    }
}

/* the per-rank tables and masks of the deck (card ids, sorted) */
static void prepare(const int *deck, int D) {
    for (int r = 0; r < D; r++) {
        int c = deck[r];
        rkind[r] = kind[c];
        rnum[r] = num[c];
        rfl[r] = fl[c];
        rgreen[r] = green[c];
        uint64_t b = 1ULL << (r & 63);
        if (numbered[c]) numb[r >> 6] |= b;
        else spec[r >> 6] |= b;
        if (fl[c] > 0) fly[r >> 6] |= b;
        for (int x = -1; x < LINE - 1; x++) {
            if (numbered[c] && num[c] < x) lower[x + 1][r >> 6] |= b;
            if (numbered[c] && num[c] > x) higher[x + 1][r >> 6] |= b;
        }
    }
    for (int h = 0; h < 3; h++)
        for (int x = 0; x < LINE; x++) vcard[h][x] = -1;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s CARDS_FILE PLAYERS ROUNDS SEED\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    int T, D;
    if (!f || fscanf(f, "%d %d %d %d %d", &T, &starter, &nh, &restart_taker, &allow_self) != 5 || T > MAXC) {
        fprintf(stderr, "cannot read the card table %s\n", argv[1]);
        return 2;
    }
    for (int i = 0; i < T; i++)
        if (fscanf(f, "%d %d %d %d %d", &kind[i], &num[i], &fl[i], &green[i], &numbered[i]) != 5) return 2;
    if (fscanf(f, "%d", &D) != 1 || D > MAXC) return 2;
    int deck[MAXC];
    for (int i = 0; i < D; i++)
        if (fscanf(f, "%d", &deck[i]) != 1) return 2;
    fclose(f);
    for (int i = 1; i < D; i++)
        if (deck[i] <= deck[i - 1] || D > 128) {
            fprintf(stderr, "the deck must be sorted card ids, at most 128\n");
            return 2;
        }
    prepare(deck, D);
    for (int i = 0; i < D; i++) deck[i] = i; /* shuffle ranks: the same positions as card ids */
    n = atoi(argv[2]);
    long rounds = atol(argv[3]);
    seed((uint64_t)atoll(argv[4]));
    if (n < 2 || n > 10 || rounds < 1) return 2;
    int16_t *out = malloc(sizeof(int16_t) * (size_t)rounds * n);
    int score[10];
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    for (long i = 0; i < rounds; i++) {
        for (int a = 0; a < D - 1; a++) {
            int b = a + below(D - a), t = deck[a];
            deck[a] = deck[b];
            deck[b] = t;
        }
        play_round(deck, D, score);
        for (int p = 0; p < n; p++) out[i * n + p] = (int16_t)score[p];
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    printf("%ld %.6f", rounds, (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    for (int p = 0; p < n; p++) {
        double m1 = 0, m2 = 0;
        for (long i = 0; i < rounds; i++) {
            double x = out[i * n + p];
            m1 += x;
            m2 += x * x;
        }
        double mean = m1 / rounds, var = (m2 / rounds - mean * mean) * rounds / (rounds > 1 ? rounds - 1 : 1);
        printf(" %.6f %.6f", mean, sqrt(var > 0 ? var / rounds : 0));
    }
    printf("\n");
    free(out);
    return 0;
}
