import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;

/**
 * Runs many corpus mains in one JVM (test support for tests/test_corpus.py).
 *
 * <p>Usage: {@code CorpusRunner <sequential|concurrent> <timeoutMillis> <classesDir> job...}
 * where a job is {@code Class:count:hex,hex,...} (each argument is hex-encoded UTF-8).
 * Every job loads its class in a fresh class loader, so static state never leaks between jobs.
 * sequential: jobs run one after another, each given timeoutMillis (TIMEOUT if it overruns).
 * concurrent: all jobs start together; after timeoutMillis each is RUNNING or finished.
 * Output: one line per job, {@code RESULT <index> OK|TIMEOUT|RUNNING|THROW <class>|ERROR <why>},
 * where THROW is an exception escaping main and ERROR a failure to load or call main.
 */
public final class CorpusRunner {
    private static final class Job implements Runnable {
        final String className;
        final String[] args;
        final URL classes;
        volatile String outcome;

        Job(String spec, URL classes) {
            String[] parts = spec.split(":", 3);
            this.className = parts[0];
            int count = Integer.parseInt(parts[1]);
            this.args = new String[count];
            String[] encoded = parts[2].split(",", -1);
            for (int i = 0; i < count; i++) {
                args[i] = decodeHex(encoded[i]);
            }
            this.classes = classes;
        }

        public void run() {
            try {
                ClassLoader loader = new URLClassLoader(new URL[] {classes}, null);
                Class<?> main = Class.forName(className, true, loader);
                Method method = main.getMethod("main", String[].class);
                method.invoke(null, (Object) args);
                outcome = "OK";
            } catch (InvocationTargetException e) {
                outcome = "THROW " + e.getCause().getClass().getName();
            } catch (Throwable e) {
                outcome = "ERROR " + e;
            }
        }
    }

    private static String decodeHex(String hex) {
        byte[] bytes = new byte[hex.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }

    public static void main(String[] argv) throws Exception {
        boolean concurrent = argv[0].equals("concurrent");
        long timeout = Long.parseLong(argv[1]);
        URL classes = new File(argv[2]).toURI().toURL();
        Job[] jobs = new Job[argv.length - 3];
        Thread[] threads = new Thread[jobs.length];
        for (int i = 0; i < jobs.length; i++) {
            jobs[i] = new Job(argv[i + 3], classes);
            threads[i] = new Thread(jobs[i], "job-" + i);
            threads[i].setDaemon(true);
        }
        if (concurrent) {
            for (Thread thread : threads) {
                thread.start();
            }
            long deadline = System.currentTimeMillis() + timeout;
            for (int i = 0; i < jobs.length; i++) {
                threads[i].join(Math.max(1, deadline - System.currentTimeMillis()));
            }
        }
        for (int i = 0; i < jobs.length; i++) {
            if (!concurrent) {
                threads[i].start();
                threads[i].join(timeout);
            }
            String outcome = jobs[i].outcome;
            if (threads[i].isAlive()) {
                outcome = concurrent ? "RUNNING" : "TIMEOUT";
            }
            System.out.println("RESULT " + i + " " + outcome);
            System.out.flush();
        }
        Runtime.getRuntime().halt(0);
    }
}
