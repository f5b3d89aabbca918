import InkIndex
