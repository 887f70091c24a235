"""The OS sandbox of the JVMs that run analysed code (issue 32): a launcher that puts a command
in fresh user, mount, PID, network, IPC and UTS namespaces with a read-only minimal root, plus
Landlock. Standard library only: it runs as its own small Python process (`launch.main`)."""
