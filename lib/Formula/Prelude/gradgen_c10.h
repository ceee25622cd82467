// gradgen_c10.h - The c10 vocabulary of PyTorch's C++ API for gradgen's
// formula checks: the export and check macros, ScalarType and TypeMeta,
// SymInt and SymBool, ArrayRef and its optional forms, c10::complex.
//
// Part of the built-in prelude; gradgen_prelude.h includes it.
#pragma once

#include <gradgen_std.h>

// Marks what exists only for gradgen's saved-attribute rules: a use that no
// rule replaces is an error.
#define TORCH_API
#define C10_API
#define TORCH_CUDA_CU_API
#define C10_EXPORT
#define C10_NODISCARD [[nodiscard]]
#define C10_UNUSED [[maybe_unused]]
#define C10_ALWAYS_INLINE inline
#define TORCH_INTERNAL_ASSERT(...) (void)0
#define TORCH_CHECK(...) (void)0

#define GRADGEN_PSEUDO __attribute__((annotate("gradgen_pseudo")))

namespace c10 {
using std::nullopt;
using std::nullopt_t;
using std::optional;
using std::make_optional;
using std::string_view;
template <class T> using basic_string_view = std::basic_string_view<T>;
using std::int64_t;
using DeviceIndex = int8_t;

template <class T> class complex {
public:
  T real_, imag_;
  constexpr complex(const T &Re = T(), const T &Im = T());
  template <class U> explicit constexpr complex(const complex<U> &);
  constexpr T real() const;
  constexpr T imag() const;
};
template <class T> complex<T> operator*(const complex<T> &, const complex<T> &);
template <class T> complex<T> operator+(const complex<T> &, const complex<T> &);
template <class T> complex<T> operator-(const complex<T> &, const complex<T> &);
template <class T> complex<T> operator/(const complex<T> &, const complex<T> &);
template <class T> complex<T> operator-(const complex<T> &);
#define GRADGEN_COMPLEX_MIXED(OP)                                              \
  template <class T, class U GRADGEN_REQUIRES(arithmetic, U)                 \
  complex<T> operator OP(const U &, const complex<T> &);                       \
  template <class T, class U GRADGEN_REQUIRES(arithmetic, U)                 \
  complex<T> operator OP(const complex<T> &, const U &);
GRADGEN_COMPLEX_MIXED(+)
GRADGEN_COMPLEX_MIXED(-)
GRADGEN_COMPLEX_MIXED(*)
GRADGEN_COMPLEX_MIXED(/)
#undef GRADGEN_COMPLEX_MIXED

struct Half {};
struct BFloat16 {};

class SymBool {
public:
  SymBool(bool);
  bool guard_bool(const char *File, int64_t Line) const;
  bool expect_true(const char *File, int64_t Line) const;
  std::optional<bool> maybe_as_bool() const;
  SymBool sym_not() const;
  SymBool operator!() const;
  SymBool operator&(const SymBool &) const;
  SymBool operator|(const SymBool &) const;
};
bool guard_size_oblivious(const SymBool &, const char *, int64_t);

class SymInt {
public:
  /*implicit*/ SymInt(int64_t D);
  SymInt();
  SymInt(const SymInt &);
  SymInt(SymInt &&);
  SymInt &operator=(const SymInt &);
  SymInt &operator=(SymInt &&);
  bool is_symbolic() const;
  bool is_heap_allocated() const;
  int64_t guard_int(const char *File, int64_t Line) const;
  int64_t expect_int() const;
  int64_t as_int_unchecked() const;
  std::optional<int64_t> maybe_as_int() const;
  bool has_hint() const;
  SymInt operator+(const SymInt &) const;
  SymInt operator-(const SymInt &) const;
  SymInt operator*(const SymInt &) const;
  SymInt operator/(const SymInt &) const;
  SymInt operator%(const SymInt &) const;
  SymInt operator-() const;
  SymInt &operator+=(const SymInt &);
  SymInt &operator-=(const SymInt &);
  SymInt &operator*=(const SymInt &);
  SymInt &operator/=(const SymInt &);
  bool operator==(const SymInt &) const;
  bool operator!=(const SymInt &) const;
  bool operator<(const SymInt &) const;
  bool operator<=(const SymInt &) const;
  bool operator>(const SymInt &) const;
  bool operator>=(const SymInt &) const;
  SymBool sym_eq(const SymInt &) const;
  SymBool sym_ne(const SymInt &) const;
  SymBool sym_lt(const SymInt &) const;
  SymBool sym_le(const SymInt &) const;
  SymBool sym_gt(const SymInt &) const;
  SymBool sym_ge(const SymInt &) const;
  SymInt min(const SymInt &) const;
  SymInt max(const SymInt &) const;
  SymInt operator*(int64_t) const;
  SymInt operator+(int64_t) const;
  SymInt operator-(int64_t) const;
  SymInt operator/(int64_t) const;
  SymInt operator%(int64_t) const;
  bool operator==(int64_t) const;
  bool operator!=(int64_t) const;
  bool operator<(int64_t) const;
  bool operator<=(int64_t) const;
  bool operator>(int64_t) const;
  bool operator>=(int64_t) const;
};
SymInt operator+(int64_t, const SymInt &);
SymInt operator-(int64_t, const SymInt &);
SymInt operator*(int64_t, const SymInt &);
SymInt operator/(int64_t, const SymInt &);
bool operator==(int64_t, const SymInt &);
bool operator!=(int64_t, const SymInt &);
bool operator<(int64_t, const SymInt &);
bool operator<=(int64_t, const SymInt &);
bool operator>(int64_t, const SymInt &);
bool operator>=(int64_t, const SymInt &);
#define TORCH_GUARD_SIZE_OBLIVIOUS(cond) ::c10::guard_size_oblivious((cond), __FILE__, __LINE__)

#define GRADGEN_CONDITION_arrayref_from(T, Container)                          \
  std::is_same_v<std::remove_const_t<std::remove_reference_t<                  \
                     decltype(std::declval<Container>().data())>>,             \
                 T *>
// A Container without data() is the primary template's: no error.
template <class T, class Container, class = void>
struct __gradgen_arrayref_from : __gradgen_condition<false> {};
template <class T, class Container>
struct __gradgen_arrayref_from<
    T, Container, decltype((void)std::declval<Container>().data())>
    : __gradgen_condition<(GRADGEN_CONDITION_arrayref_from(T, Container))> {};

template <class T> class ArrayRef {
public:
  using value_type = T;
  using iterator = const T *;
  using const_iterator = const T *;
  using size_type = size_t;
  constexpr ArrayRef();
  constexpr ArrayRef(std::nullopt_t) = delete;
  constexpr ArrayRef(const T &OneElt);
  constexpr ArrayRef(const T *Data, size_t Length);
  constexpr ArrayRef(const T *Begin, const T *End);
  ArrayRef(const std::vector<T> &Vec);
  template <size_t N> constexpr ArrayRef(const std::array<T, N> &Arr);
  template <size_t N> constexpr ArrayRef(const T (&Arr)[N]);
  constexpr ArrayRef(const std::initializer_list<T> &Vec);
  template <class Container GRADGEN_REQUIRES(arrayref_from, T, Container)
  ArrayRef(const Container &);
  constexpr const T *begin() const;
  constexpr const T *end() const;
  constexpr const T *data() const;
  constexpr size_t size() const;
  constexpr bool empty() const;
  const T &front() const;
  const T &back() const;
  bool equals(ArrayRef RHS) const;
  ArrayRef slice(size_t N, size_t M) const;
  ArrayRef slice(size_t N) const;
  constexpr const T &operator[](size_t Index) const;
  const T &at(size_t Index) const;
  std::vector<T> vec() const;
  operator std::vector<T>() const;
};
template <class T> bool operator==(ArrayRef<T>, ArrayRef<T>);
template <class T> bool operator!=(ArrayRef<T>, ArrayRef<T>);
template <class T> bool operator==(const std::vector<T> &, ArrayRef<T>);
template <class T> bool operator==(ArrayRef<T>, const std::vector<T> &);
template <class T> bool operator!=(const std::vector<T> &, ArrayRef<T>);
template <class T> bool operator!=(ArrayRef<T>, const std::vector<T> &);
using IntArrayRef = ArrayRef<int64_t>;
using SymIntArrayRef = ArrayRef<SymInt>;

template <class T> class OptionalArrayRef;
#define GRADGEN_CONDITION_optional_arrayref_from_value(T, U)                   \
  !std::is_same_v<std::decay_t<U>, OptionalArrayRef<T>> &&                     \
      !std::is_same_v<std::decay_t<U>, std::nullopt_t> &&                      \
      std::is_constructible_v<ArrayRef<T>, U &&>
#define GRADGEN_CONDITION_optional_arrayref_from_optional(T, U)                \
  std::is_constructible_v<ArrayRef<T>, const U &>
template <class T, class U> struct __gradgen_optional_arrayref_from_value
    : __gradgen_condition<(
          GRADGEN_CONDITION_optional_arrayref_from_value(T, U))> {};
template <class T, class U> struct __gradgen_optional_arrayref_from_optional
    : __gradgen_condition<(
          GRADGEN_CONDITION_optional_arrayref_from_optional(T, U))> {};

template <class T> class OptionalArrayRef {
public:
  constexpr OptionalArrayRef() noexcept;
  constexpr OptionalArrayRef(std::nullopt_t) noexcept;
  OptionalArrayRef(const OptionalArrayRef &);
  template <class U = ArrayRef<T>
            GRADGEN_REQUIRES(optional_arrayref_from_value, T, U)
  constexpr OptionalArrayRef(U &&Value);
  template <class U GRADGEN_REQUIRES(optional_arrayref_from_optional, T, U)
  OptionalArrayRef(const std::optional<U> &);
  constexpr OptionalArrayRef(const std::initializer_list<T> &);
  OptionalArrayRef &operator=(const OptionalArrayRef &);
  OptionalArrayRef &operator=(std::nullopt_t);
  constexpr explicit operator bool() const noexcept;
  constexpr bool has_value() const noexcept;
  constexpr const ArrayRef<T> &value() const &;
  constexpr const ArrayRef<T> &operator*() const &;
  constexpr const ArrayRef<T> *operator->() const noexcept;
  template <class U> constexpr ArrayRef<T> value_or(U &&) const &;
  operator std::optional<ArrayRef<T>>() const;
};

// What a node keeps of an optional list (ATen/core/ivalue.h).
template <class T> struct OptionalArray {
  std::optional<std::vector<T>> list;
  OptionalArray();
  OptionalArray(std::vector<T>);
  OptionalArray &operator=(std::optional<ArrayRef<T>>);
  OptionalArray &operator=(OptionalArrayRef<T>);
  operator std::optional<ArrayRef<T>>();
  operator OptionalArrayRef<T>();
};
using OptionalIntArrayRef = OptionalArrayRef<int64_t>;
using OptionalSymIntArrayRef = OptionalArrayRef<SymInt>;

inline IntArrayRef asIntArrayRefUnchecked(SymIntArrayRef);
inline IntArrayRef asIntArrayRefSlow(SymIntArrayRef);
inline std::optional<IntArrayRef> asIntArrayRefSlowOpt(SymIntArrayRef);
inline SymIntArrayRef fromIntArrayRefSlow(IntArrayRef);
inline SymIntArrayRef fromIntArrayRefUnchecked(IntArrayRef);
inline SymIntArrayRef fromIntArrayRefKnownNonNegative(IntArrayRef);
template <class F, class C>
auto fmap(const C &Inputs, const F &Fn)
    -> std::vector<std::decay_t<decltype(Fn(*Inputs.begin()))>> {
  return {};
}
template <class R, class C> std::vector<R> fmap(const C &Inputs);
template <class T> int64_t multiply_integers(const T &);
template <class T> int64_t sum_integers(const T &);
inline int64_t maybe_wrap_dim(int64_t Dim, int64_t DimPostExpr,
                              bool WrapScalar = true);
inline SymInt maybe_wrap_dim(SymInt Dim, SymInt DimPostExpr,
                             bool WrapScalar = true);

enum class ScalarType : int8_t {
  Byte, Char, Short, Int, Long, Half, Float, Double, ComplexHalf,
  ComplexFloat, ComplexDouble, Bool, QInt8, QUInt8, QInt32, BFloat16,
  QUInt4x2, QUInt2x4, Bits1x8, Bits2x4, Bits4x2, Bits8, Bits16,
  Float8_e5m2, Float8_e4m3fn, Float8_e5m2fnuz, Float8_e4m3fnuz, UInt16,
  UInt32, UInt64, Undefined, NumOptions
};
constexpr ScalarType kByte = ScalarType::Byte;
constexpr ScalarType kChar = ScalarType::Char;
constexpr ScalarType kShort = ScalarType::Short;
constexpr ScalarType kInt = ScalarType::Int;
constexpr ScalarType kLong = ScalarType::Long;
constexpr ScalarType kHalf = ScalarType::Half;
constexpr ScalarType kFloat = ScalarType::Float;
constexpr ScalarType kDouble = ScalarType::Double;
constexpr ScalarType kComplexHalf = ScalarType::ComplexHalf;
constexpr ScalarType kComplexFloat = ScalarType::ComplexFloat;
constexpr ScalarType kComplexDouble = ScalarType::ComplexDouble;
constexpr ScalarType kBool = ScalarType::Bool;
constexpr ScalarType kBFloat16 = ScalarType::BFloat16;
bool isFloatingType(ScalarType);
bool isComplexType(ScalarType);
bool isIntegralType(ScalarType, bool IncludeBool);
bool isReducedFloatingType(ScalarType);
bool isSignedType(ScalarType);
ScalarType toRealValueType(ScalarType);
ScalarType toComplexType(ScalarType);
ScalarType toOpMathType(ScalarType);
ScalarType promoteTypes(ScalarType, ScalarType);
const char *toString(ScalarType);
size_t elementSize(ScalarType);

} // namespace c10

namespace caffe2 {
class TypeMeta {
public:
  TypeMeta() noexcept;
  TypeMeta(c10::ScalarType);
  c10::ScalarType toScalarType() const;
  size_t itemsize() const noexcept;
  std::string_view name() const noexcept;
  static TypeMeta fromScalarType(c10::ScalarType);
  template <class T> static TypeMeta Make();
  template <class T> bool Match() const noexcept;
};
bool operator==(const TypeMeta &, const TypeMeta &) noexcept;
bool operator!=(const TypeMeta &, const TypeMeta &) noexcept;
} // namespace caffe2
