// EXPECT: java.lang.AssertionError
public class FailAccount {
    static final class Account {
        private int balance;

        Account(int balance) { this.balance = balance; }

        void withdraw(int amount) {
            balance -= amount;
            assert balance >= 0 : "overdrawn";
        }
    }

    public static void main(String[] args) {
        int start = Verifier.nondetInt();
        int amount = Verifier.nondetInt();
        Verifier.assume(start >= 0 && start < 100 && amount > 0 && amount < 100);
        new Account(start).withdraw(amount);
    }
}
