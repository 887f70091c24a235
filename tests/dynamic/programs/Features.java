// expected: stuck — a state machine cycling through four states; each iteration uses
// a static field, a switch, long and double arithmetic, a fresh array, System.arraycopy
// into an existing array, instanceof, and a virtual call through an interface.
public class Features {
    interface Step {
        int next(int state);
    }

    static final class Ring implements Step {
        private final int[] successor = {1, 2, 3, 0};

        @Override
        public int next(int state) {
            return successor[state];
        }
    }

    static int limit = 100;
    static final int[] buffer = new int[2];

    public static void main(String[] args) {
        Step step = new Ring();
        Object marker = step;
        int state = 0;
        long total = 0;
        System.out.println("ready");
        while (true) {
            switch (state) {
                case 0:
                    total += 2L;
                    break;
                case 2:
                    total -= 2L;
                    break;
                default:
                    break;
            }
            double half = state * 0.5;
            if (half > limit) {
                break;
            }
            int[] fresh = new int[2];
            fresh[0] = state;
            fresh[1] = (int) total;
            System.arraycopy(fresh, 0, buffer, 0, 2);
            if (buffer[1] < 0 || !(marker instanceof Ring)) {
                break;
            }
            state = step.next(state);
        }
        System.out.println("left the loop");
    }
}
