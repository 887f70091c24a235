from jhalt.cli.main import main

raise SystemExit(main())
