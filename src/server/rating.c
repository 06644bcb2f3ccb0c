/* Glicko-2 (see rating.h), step by step as Glickman's paper numbers them. */
#include "rating.h"

#include <math.h>

#define SCALE 173.7178 /* Glicko-2's scale: 400 / ln 10 */
#define EPSILON 0.000001
#define PI 3.14159265358979323846

Rating rating_new(void) { return (Rating){RATING_START, RATING_RD_START, RATING_VOL_START, 0}; }

bool rating_provisional(const Rating *r) { return r->rd > RATING_PROVISIONAL_RD; }

static double g(double phi) { return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (PI * PI)); }

static double expected(double mu, double mu_j, double phi_j) { return 1.0 / (1.0 + exp(-g(phi_j) * (mu - mu_j))); }

/* Step 5's function f of x = ln(sigma'^2). */
static double f(double x, double delta, double phi, double v, double a, double tau)
{
    double ex = exp(x), d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

Rating rating_glicko2(Rating p, const Rating *opp, const double *score, int n, double tau)
{
    /* step 2: to Glicko-2's scale */
    double mu = (p.r - RATING_START) / SCALE, phi = p.rd / SCALE, sigma = p.vol;
    if (n == 0) { /* step 6 alone: the deviation grows, nothing else moves */
        p.rd = sqrt(phi * phi + sigma * sigma) * SCALE;
        return p;
    }
    /* steps 3 and 4: the estimated variance v and the improvement delta */
    double inv_v = 0.0, sum = 0.0;
    for (int j = 0; j < n; j++) {
        double mu_j = (opp[j].r - RATING_START) / SCALE, phi_j = opp[j].rd / SCALE;
        double gj = g(phi_j), e = expected(mu, mu_j, phi_j);
        inv_v += gj * gj * e * (1.0 - e);
        sum += gj * (score[j] - e);
    }
    double v = 1.0 / inv_v, delta = v * sum;
    /* step 5: the new volatility, by the Illinois algorithm */
    double a = log(sigma * sigma), A = a, B;
    if (delta * delta > phi * phi + v)
        B = log(delta * delta - phi * phi - v);
    else {
        int k = 1;
        while (f(a - k * tau, delta, phi, v, a, tau) < 0.0 && k < 1000)
            k++;
        B = a - k * tau;
    }
    double fa = f(A, delta, phi, v, a, tau), fb = f(B, delta, phi, v, a, tau);
    for (int it = 0; fabs(B - A) > EPSILON && it < 1000; it++) {
        double C = A + (A - B) * fa / (fb - fa), fc = f(C, delta, phi, v, a, tau);
        if (fc * fb <= 0.0) {
            A = B;
            fa = fb;
        } else
            fa /= 2.0;
        B = C;
        fb = fc;
    }
    double sigma_new = exp(A / 2.0);
    /* steps 6 and 7: the new deviation and rating */
    double phi_star = sqrt(phi * phi + sigma_new * sigma_new);
    double phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    double mu_new = mu + phi_new * phi_new * sum;
    /* step 8: back to Glicko's scale */
    return (Rating){mu_new * SCALE + RATING_START, phi_new * SCALE, sigma_new, p.games + n};
}

Rating rating_update(Rating p, const Rating *opp, const double *score, int n, double tau)
{
    Rating r = rating_glicko2(p, opp, score, n, tau);
    if (r.rd < RATING_RD_MIN)
        r.rd = RATING_RD_MIN;
    if (r.rd > RATING_RD_START)
        r.rd = RATING_RD_START;
    if (!isfinite(r.r) || !isfinite(r.vol)) /* never: but a rating is never lost to arithmetic */
        r = (Rating){p.r, p.rd, p.vol, p.games + n};
    return r;
}
