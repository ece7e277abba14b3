"""What every command shares: the language it speaks (``language``, ``env_language``), how
it reads its inputs and resolves their profiles (``inputs``, ``resolver``), how it writes its
output and says a failure (``output``, ``failures``, ``verdicts``), and its exit status
(``exits``)."""
