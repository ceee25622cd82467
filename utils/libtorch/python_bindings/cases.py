"""The calls of the Python binding battery (calls.py): each names a binding
("torch.add", "Tensor.add", "nn.gelu", "linalg.linalg_qr"...) and its
arguments. Tensors are written as specifications (T(3, 4)) that each side
materializes afresh from a generator seeded by the case's index, so that
in-place methods and out= tensors are compared, not shared.

Categories counted automatically: method (a Tensor method), keyword (any
keyword argument but out), out, namedtuple (torch's result is a
torch.return_types named tuple), error (torch's call raises TypeError).
Claimed by the case: default (a defaulted parameter is left out),
deprecated (a signature of deprecated.yaml), and namedtuple/error (checked:
torch's result must be a named tuple, torch must raise TypeError). Any other
exception torch raises fails the case: the case is wrong.
"""
import torch

F64, F32, I64, C128 = torch.float64, torch.float32, torch.int64, torch.complex128


class Spec:
    def make(self, generator):
        raise NotImplementedError

    def __repr__(self):
        return "%s%s" % (type(self).__name__, list(getattr(
            self, "shape", [getattr(self, "n", "")])))


class T(Spec):
    """A tensor of uniform values in [lo, hi)."""

    def __init__(self, *shape, dtype=F64, lo=-1.0, hi=1.0):
        self.shape, self.dtype, self.lo, self.hi = shape, dtype, lo, hi

    def make(self, generator):
        values = torch.rand(self.shape, generator=generator, dtype=F64)
        values = values * (self.hi - self.lo) + self.lo
        if self.dtype.is_complex:
            imaginary = torch.rand(self.shape, generator=generator, dtype=F64)
            return torch.complex(values, imaginary - 0.5).to(self.dtype)
        return values.to(self.dtype)


def P(*shape, dtype=F64):
    """Positive values."""
    return T(*shape, dtype=dtype, lo=0.5, hi=2.0)


def F(*shape):
    return T(*shape, dtype=F32)


def C(*shape):
    return T(*shape, dtype=C128)


class I(Spec):
    """Integers in [lo, hi)."""

    def __init__(self, *shape, lo=0, hi=5, dtype=I64):
        self.shape, self.lo, self.hi, self.dtype = shape, lo, hi, dtype

    def make(self, generator):
        return torch.randint(self.lo, self.hi, self.shape, generator=generator,
                             dtype=self.dtype)


def B(*shape):
    return I(*shape, hi=2, dtype=torch.bool)


class SPD(Spec):
    """A symmetric positive-definite n x n matrix."""

    def __init__(self, n):
        self.n = n

    def make(self, generator):
        a = torch.rand(self.n, self.n, generator=generator, dtype=F64)
        return a @ a.mT + self.n * torch.eye(self.n, dtype=F64)


class Tri(Spec):
    """A well-conditioned upper triangular n x n matrix."""

    def __init__(self, n):
        self.n = n

    def make(self, generator):
        a = torch.rand(self.n, self.n, generator=generator, dtype=F64)
        return a.triu() + self.n * torch.eye(self.n, dtype=F64)


class E(Spec):
    """An empty tensor for out=."""

    def __init__(self, dtype=F64):
        self.dtype = dtype

    def make(self, generator):
        return torch.empty(0, dtype=self.dtype)

    def __repr__(self):
        return "E()"


class Sparse(Spec):
    """A sparse COO matrix with about half its entries set."""

    def __init__(self, rows, columns):
        self.rows, self.columns = rows, columns

    def make(self, generator):
        dense = torch.rand(self.rows, self.columns, generator=generator,
                           dtype=F64)
        return (dense * (dense > 0.5)).to_sparse()


class Nested(Spec):
    """A nested tensor of vectors of the given lengths."""

    def __init__(self, *lengths):
        self.shape = lengths

    def make(self, generator):
        return torch.nested.nested_tensor([
            torch.rand(n, generator=generator, dtype=F64) for n in self.shape])


class L(Spec):
    """A tensor of the given values."""

    def __init__(self, *values, dtype=None):
        self.shape, self.dtype = values, dtype

    def make(self, generator):
        return torch.tensor(self.shape, dtype=self.dtype)


class Case:
    def __init__(self, target, args, kwargs, categories):
        self.target, self.args, self.kwargs = target, args, kwargs
        self.categories = set(categories)


def materialize(case, seed):
    generator = torch.Generator().manual_seed(seed)

    def make(value):
        if isinstance(value, Spec):
            return value.make(generator)
        if isinstance(value, list):
            return [make(v) for v in value]
        if isinstance(value, tuple):
            return tuple(make(v) for v in value)
        return value

    args = [make(a) for a in case.args]
    kwargs = {k: make(v) for k, v in case.kwargs.items()}
    return args, kwargs


def flatten(value):
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from flatten(item)
    else:
        yield value


CASES = []


def call(target, *args, _claims=(), **kwargs):
    CASES.append(Case(target, args, kwargs, _claims))


def default(target, *args, **kwargs):
    call(target, *args, _claims=("default",), **kwargs)


def deprecated(target, *args, **kwargs):
    call(target, *args, _claims=("deprecated",), **kwargs)


def named(target, *args, **kwargs):
    call(target, *args, _claims=("namedtuple",), **kwargs)


def error(target, *args, **kwargs):
    call(target, *args, _claims=("error",), **kwargs)


import cases_table  # noqa: E402,F401  (fills CASES)
