// Hangs: cur alternates between Light.RED and Light.GREEN and is never Door.SHUT, although
// GREEN and SHUT have the same ordinal (1): ordinals tell apart constants of one enum only.
public class EnumTwoKinds {
    enum Light { RED, GREEN }

    enum Door { OPEN, SHUT }

    public static void main(String[] args) {
        Object cur = Light.RED;
        while (cur != Door.SHUT) {
            cur = cur == Light.RED ? Light.GREEN : Light.RED;
        }
    }
}
