// EXPECT: java.lang.ArrayIndexOutOfBoundsException at RandomPick.bad:10 route=random
// Picks one of four greetings with a random index of 0..4: 4 is one past the end (one run
// in five). good1() draws from 0..3. The replay injects the index ("reproduced").
import java.util.Random;

public class RandomPick {
    public void bad() throws Throwable {
        String[] greetings = {"hello", "hi", "hey", "howdy"};
        int index = new Random().nextInt(5);
        /* FLAW: index may be 4 */ IO.writeLine(greetings[index]);
    }

    public void good1() throws Throwable {
        String[] greetings = {"hello", "hi", "hey", "howdy"};
        int index = new Random().nextInt(greetings.length);
        IO.writeLine(greetings[index]);
    }
}
