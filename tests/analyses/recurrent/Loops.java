import java.util.Random;

/** Loops for the recurrent-set tests (issue 17): each method holds one loop (two for the
 * nested ones); the expected answers are stated in test_recurrent_sets.py. */
public class Loops {
    static class Cell { int v; }

    // seed 002 Fig. 1: recurrent for 1 <= x <= 60 and x >= 100
    static void fig1(int x) {
        while (x >= 1) {
            if (x == 60) { x = 50; }
            x = x + 1;
            if (x == 100) { x = 0; }
        }
    }

    // seed 002 Fig. 6 (Zune): a leap year with days == 366 hangs
    static void zune(int days) {
        int year = 1980;
        while (days > 365) {
            if (year % 4 == 0) {
                if (days > 366) { days = days - 366; year = year + 1; }
            } else {
                days = days - 365; year = year + 1;
            }
        }
    }

    static void growSum(int x, int y) { while (x > 0) { x = x + y; } }

    static void gapGrows(int x, int y) { while (x != y) { x = x + 2; y = y + 1; } }

    static void randomSteps(int x) {
        Random random = new Random();
        while (x > 0) {
            if (random.nextInt() > 0) { x = x + 1; } else { x = x + 2; }
        }
    }

    static void nested(int n) {
        int i = 0;
        while (i < n) {
            int j = i;
            while (j > 0) { j = j + 1; }
            i = i + 1;
        }
    }

    static void heap(Cell c) { while (c.v > 0) { c.v = c.v + 1; } }

    static void evenDown(int x) { while (x != 0) { x = x - 2; } }

    static void sawtooth(int x) { while (x < 100) { if (x > 50) { x = x - 10; } else { x = x + 1; } } }

    static void signFlip(int x) { while (x != 0) { x = -x; } }

    static void swapSum(int a, int b) { while (a + b > 0) { int t = a; a = b; b = t; } }

    static void cycleBelow(int i, int n) { while (i < n) { if (i > 5) { i = 0; } else { i = i + 1; } } }

    static void chase(int x, int y) { while (x > y) { x = x + 1; y = y + 1; } }

    static void halve(int x) { while (x > 0) { x = x / 2 + 1; } }

    static void longCount(long l) { while (l > 0) { l = l + 1; } }

    static void forever(int x) { while (true) { if (x > 10) { x = 0; } x = x + 1; } }

    static void breakAt(int x) { while (x > 0) { x = x + 1; if (x == 1000) { break; } } }

    static void bounce(int x) {
        boolean up = true;
        while (x > 0 && x < 20) {
            if (x == 19) { up = false; }
            if (x == 1) { up = true; }
            if (up) { x = x + 1; } else { x = x - 1; }
        }
    }

    // terminating look-alikes (and one without a universal recurrent set)
    static void countDown(int x) { while (x > 0) { x = x - 1; } }

    static void meet(int x, int y) { while (x != y) { if (x < y) { x = x + 1; } else { y = y + 1; } } }

    static void fig1NoReset(int x) {
        while (x >= 1) {
            x = x + 1;
            if (x >= 100) { x = 0; }
        }
    }

    static void doubling(int x) { while (x > 0 && x < 100) { x = x * 2; } }

    static void randomWalk(int x) {
        Random random = new Random();
        while (x > 0) {
            if (random.nextInt() > 0) { x = x + 1; } else { x = x - 1; }
        }
    }

    static void nestedDone(int n) {
        for (int i = 0; i < n; i++) {
            int j = i;
            while (j > 0) { j = j - 1; }
        }
    }

    static void calendar(int step) {
        java.time.LocalDate day = java.time.LocalDate.of(2024, 1, 1);
        java.time.LocalDate end = java.time.LocalDate.of(2024, 3, 1);
        while (day.isBefore(end)) { day = day.plusDays(step); }
    }

    static void waitFor(int interval) {
        int waited = 0;
        while (waited < 1000) { waited = waited + interval; }
    }

    public static void main(String[] args) {
        int n = args.length;
        if (n > 3) { fig1(n); }
    }
}
