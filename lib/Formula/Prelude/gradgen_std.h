// gradgen_std.h - The slice of the C++ standard library that derivative
// formulas, PyTorch's FunctionsManual.h and the prelude use.
//
// Parsing libstdc++'s <optional>, <vector>, <tuple>, <array> and <string_view>
// costs more than every formula of a corpus together, and the formulas need
// the interfaces only, so the built-in prelude declares them itself. Only the
// type-checking behaviour matters here: nothing is ever compiled to code.
#pragma once

#define _GLIBCXX_CMATH 1
#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440

typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef __INT8_TYPE__ int8_t;
typedef __INT16_TYPE__ int16_t;
typedef __INT32_TYPE__ int32_t;
typedef __INT64_TYPE__ int64_t;
typedef __UINT8_TYPE__ uint8_t;
typedef __UINT16_TYPE__ uint16_t;
typedef __UINT32_TYPE__ uint32_t;
typedef __UINT64_TYPE__ uint64_t;

// Ends a template head with a condition that has a name:
// `template <class U GRADGEN_REQUIRES(optional_from_value, T, U)>` states
// GRADGEN_CONDITION_optional_from_value(T, U). Under C++20 the condition is
// a `requires` clause, whose satisfaction Clang computes once per template
// arguments. Under C++17 it is a default template argument, which overload
// resolution substitutes again at every candidate it considers: written out
// there (`class = enable_if_t<__is_constructible(T, U &&) && ...>`), it was
// built and its type traits evaluated again each time, a large part of a
// cold check (docs/performance.md, "Named conditions in the prelude"). So
// there it names the `type` of the condition's class template,
// __gradgen_optional_from_value<T, U>, which exists only when the condition
// holds: Clang instantiates a specialization once and then finds it again.
// (Under C++20 the class would cost more than the condition.)
// GRADGEN_REQUIRES_PACKS takes two packs, as __gradgen_types lists in C++17.
#if __cplusplus >= 202002L
#define GRADGEN_REQUIRES(NAME, ...)                                            \
  > requires(GRADGEN_CONDITION_##NAME(__VA_ARGS__))
#define GRADGEN_REQUIRES_PACKS(NAME, T, U)                                     \
  > requires(GRADGEN_CONDITION_##NAME(T, U))
#else
#define GRADGEN_REQUIRES(NAME, ...)                                            \
  , class = typename __gradgen_##NAME<__VA_ARGS__>::type>
#define GRADGEN_REQUIRES_PACKS(NAME, T, U)                                     \
  , class = typename __gradgen_##NAME<__gradgen_types<T...>,                  \
                                      __gradgen_types<U...>>::type>
#endif
template <bool Holds> struct __gradgen_condition {};
template <> struct __gradgen_condition<true> {
  using type = void;
};
template <class... T> struct __gradgen_types;

#define GRADGEN_CONDITION_integral(T) __is_integral(T)
#define GRADGEN_CONDITION_not_integral(T) !__is_integral(T)
#define GRADGEN_CONDITION_arithmetic(T) __is_arithmetic(T)
#define GRADGEN_CONDITION_arithmetics(T, U)                                    \
  __is_arithmetic(T) && __is_arithmetic(U)
template <class T> struct __gradgen_integral
    : __gradgen_condition<(GRADGEN_CONDITION_integral(T))> {};
template <class T> struct __gradgen_not_integral
    : __gradgen_condition<(GRADGEN_CONDITION_not_integral(T))> {};
template <class T> struct __gradgen_arithmetic
    : __gradgen_condition<(GRADGEN_CONDITION_arithmetic(T))> {};
template <class T, class U> struct __gradgen_arithmetics
    : __gradgen_condition<(GRADGEN_CONDITION_arithmetics(T, U))> {};

namespace std {
using ::size_t;
using ::ptrdiff_t;
using ::int8_t;
using ::int16_t;
using ::int32_t;
using ::int64_t;
using ::uint8_t;
using ::uint16_t;
using ::uint32_t;
using ::uint64_t;
typedef decltype(nullptr) nullptr_t;

template <class E> class initializer_list {
  const E *Begin;
  size_t Size;
  constexpr initializer_list(const E *B, size_t S) : Begin(B), Size(S) {}

public:
  constexpr initializer_list() noexcept : Begin(nullptr), Size(0) {}
  constexpr size_t size() const noexcept { return Size; }
  constexpr const E *begin() const noexcept { return Begin; }
  constexpr const E *end() const noexcept { return Begin + Size; }
};

// <type_traits>
template <class T, T V> struct integral_constant {
  static constexpr T value = V;
  using value_type = T;
  using type = integral_constant;
  constexpr operator T() const noexcept { return V; }
};
using true_type = integral_constant<bool, true>;
using false_type = integral_constant<bool, false>;
template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> { using type = T; };
template <bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;
template <bool B, class T, class F> struct conditional { using type = T; };
template <class T, class F> struct conditional<false, T, F> { using type = F; };
template <bool B, class T, class F>
using conditional_t = typename conditional<B, T, F>::type;
template <class T, class U> struct is_same : false_type {};
template <class T> struct is_same<T, T> : true_type {};
template <class T, class U> inline constexpr bool is_same_v = is_same<T, U>::value;
template <class T> struct remove_reference { using type = T; };
template <class T> struct remove_reference<T &> { using type = T; };
template <class T> struct remove_reference<T &&> { using type = T; };
template <class T> using remove_reference_t = typename remove_reference<T>::type;
template <class T> struct remove_const { using type = T; };
template <class T> struct remove_const<const T> { using type = T; };
template <class T> struct remove_cv { using type = __remove_cv(T); };
template <class T> using remove_cv_t = __remove_cv(T);
template <class T> using remove_const_t = typename remove_const<T>::type;
template <class T> struct decay { using type = __decay(T); };
template <class T> using decay_t = __decay(T);
template <class T> struct remove_cvref { using type = __remove_cvref(T); };
template <class T> using remove_cvref_t = __remove_cvref(T);
template <class T> struct type_identity { using type = T; };
template <class T> using type_identity_t = typename type_identity<T>::type;
template <class T> T &&declval() noexcept;
template <class T> struct is_integral : integral_constant<bool, __is_integral(T)> {};
template <class T> struct is_floating_point
    : integral_constant<bool, __is_floating_point(T)> {};
template <class T> struct is_arithmetic
    : integral_constant<bool, __is_arithmetic(T)> {};
template <class T> inline constexpr bool is_integral_v = __is_integral(T);
template <class T> inline constexpr bool is_floating_point_v = __is_floating_point(T);
template <class T> inline constexpr bool is_arithmetic_v = __is_arithmetic(T);
template <class F, class T> struct is_convertible
    : integral_constant<bool, __is_convertible_to(F, T)> {};
template <class F, class T>
inline constexpr bool is_convertible_v = __is_convertible_to(F, T);
template <class T, class... A> struct is_constructible
    : integral_constant<bool, __is_constructible(T, A...)> {};
template <class T, class... A>
inline constexpr bool is_constructible_v = __is_constructible(T, A...);
template <class F, class... A> struct invoke_result {
  using type = decltype(declval<F>()(declval<A>()...));
};
template <class F, class... A>
using invoke_result_t = typename invoke_result<F, A...>::type;
template <class F> struct result_of;
template <class F, class... A> struct result_of<F(A...)> : invoke_result<F, A...> {};

// <utility>
template <class T> constexpr remove_reference_t<T> &&move(T &&V) noexcept {
  return static_cast<remove_reference_t<T> &&>(V);
}
template <class T> constexpr T &&forward(remove_reference_t<T> &V) noexcept {
  return static_cast<T &&>(V);
}
template <class T> constexpr T &&forward(remove_reference_t<T> &&V) noexcept {
  return static_cast<T &&>(V);
}
template <class T> void swap(T &A, T &B) noexcept;
template <class A, class B> struct pair {
  A first;
  B second;
  constexpr pair() = default;
  template <class U, class V> constexpr pair(U &&X, V &&Y);
  template <class U, class V> constexpr pair(const pair<U, V> &Other);
};
template <class A, class B> pair<decay_t<A>, decay_t<B>> make_pair(A &&, B &&);
struct in_place_t {};
inline constexpr in_place_t in_place{};

template <class T> constexpr const T &min(const T &A, const T &B);
template <class T> constexpr const T &max(const T &A, const T &B);
template <class T> constexpr T min(initializer_list<T> L);
template <class T> constexpr T max(initializer_list<T> L);

// <optional>
struct nullopt_t {
  struct Tag {};
  constexpr explicit nullopt_t(Tag) {}
};
inline constexpr nullopt_t nullopt{nullopt_t::Tag{}};
struct bad_optional_access {};

template <class T> class optional;
#define GRADGEN_CONDITION_optional_from_value(T, U)                            \
  __is_constructible(T, U &&) &&                                               \
      !is_same_v<remove_cvref_t<U>, optional<T>> &&                            \
      !is_same_v<remove_cvref_t<U>, in_place_t>
#define GRADGEN_CONDITION_optional_from_optional(T, U)                         \
  __is_constructible(T, const U &) && !is_same_v<U, T>
#define GRADGEN_CONDITION_optional_assign(T, U)                                \
  !is_same_v<remove_cvref_t<U>, optional<T>>
template <class T, class U> struct __gradgen_optional_from_value
    : __gradgen_condition<(GRADGEN_CONDITION_optional_from_value(T, U))> {};
template <class T, class U> struct __gradgen_optional_from_optional
    : __gradgen_condition<(GRADGEN_CONDITION_optional_from_optional(T, U))> {};
template <class T, class U> struct __gradgen_optional_assign
    : __gradgen_condition<(GRADGEN_CONDITION_optional_assign(T, U))> {};

template <class T> class optional {
public:
  using value_type = T;
  constexpr optional() noexcept;
  constexpr optional(nullopt_t) noexcept;
  constexpr optional(const optional &);
  constexpr optional(optional &&);
  template <class U = T GRADGEN_REQUIRES(optional_from_value, T, U)
  constexpr optional(U &&V);
  template <class U GRADGEN_REQUIRES(optional_from_optional, T, U)
  optional(const optional<U> &Other);
  template <class... A> constexpr explicit optional(in_place_t, A &&...);
  optional &operator=(nullopt_t) noexcept;
  optional &operator=(const optional &);
  optional &operator=(optional &&);
  template <class U = T GRADGEN_REQUIRES(optional_assign, T, U)
  optional &operator=(U &&V);

  constexpr bool has_value() const noexcept;
  constexpr explicit operator bool() const noexcept;
  constexpr T &value() &;
  constexpr const T &value() const &;
  constexpr T &&value() &&;
  template <class U> constexpr T value_or(U &&Default) const &;
  constexpr T &operator*() &;
  constexpr const T &operator*() const &;
  constexpr T &&operator*() &&;
  constexpr T *operator->();
  constexpr const T *operator->() const;
  template <class... A> T &emplace(A &&...);
  void reset() noexcept;
};
template <class T> optional(T) -> optional<T>;
template <class T> constexpr bool operator==(const optional<T> &, nullopt_t);
template <class T> constexpr bool operator==(nullopt_t, const optional<T> &);
template <class T> constexpr bool operator!=(const optional<T> &, nullopt_t);
template <class T> constexpr bool operator!=(nullopt_t, const optional<T> &);
template <class T, class U>
constexpr auto operator==(const optional<T> &, const U &)
    -> decltype(declval<const T &>() == declval<const U &>());
template <class T, class U>
constexpr auto operator!=(const optional<T> &, const U &)
    -> decltype(declval<const T &>() != declval<const U &>());
template <class T> constexpr optional<decay_t<T>> make_optional(T &&);

// <string_view>, <string>
template <class C> class basic_string_view {
public:
  using size_type = size_t;
  static constexpr size_type npos = size_type(-1);
  constexpr basic_string_view() noexcept;
  constexpr basic_string_view(const C *S);
  constexpr basic_string_view(const C *S, size_type N);
  constexpr size_type size() const noexcept;
  constexpr size_type length() const noexcept;
  constexpr bool empty() const noexcept;
  constexpr const C *data() const noexcept;
  constexpr const C *begin() const noexcept;
  constexpr const C *end() const noexcept;
  constexpr C operator[](size_type) const;
  constexpr basic_string_view substr(size_type Pos = 0, size_type N = npos) const;
  constexpr size_type find(basic_string_view S, size_type Pos = 0) const noexcept;
  constexpr int compare(basic_string_view S) const noexcept;
};
using string_view = basic_string_view<char>;
template <class C> constexpr bool operator==(basic_string_view<C>, basic_string_view<C>);
template <class C>
constexpr bool operator==(basic_string_view<C>, type_identity_t<basic_string_view<C>>);
template <class C>
constexpr bool operator==(type_identity_t<basic_string_view<C>>, basic_string_view<C>);
template <class C> constexpr bool operator!=(basic_string_view<C>, basic_string_view<C>);
template <class C>
constexpr bool operator!=(basic_string_view<C>, type_identity_t<basic_string_view<C>>);
template <class C>
constexpr bool operator!=(type_identity_t<basic_string_view<C>>, basic_string_view<C>);

class string {
public:
  using size_type = size_t;
  static constexpr size_type npos = size_type(-1);
  string();
  string(const char *);
  string(const char *, size_type);
  explicit string(string_view);
  string(const string &);
  string(string &&);
  string &operator=(const string &);
  string &operator=(string &&);
  operator string_view() const noexcept;
  size_type size() const noexcept;
  bool empty() const noexcept;
  const char *c_str() const noexcept;
  const char *data() const noexcept;
  char &operator[](size_type);
  string &operator+=(const string &);
  string &operator+=(const char *);
};
string operator+(const string &, const string &);
string operator+(const string &, const char *);
string operator+(const char *, const string &);
bool operator==(const string &, const string &);
bool operator==(const string &, const char *);
string to_string(long long);
string to_string(double);

// <vector>
template <class T> class vector {
public:
  using value_type = T;
  using size_type = size_t;
  using reference = T &;
  using const_reference = const T &;
  using iterator = T *;
  using const_iterator = const T *;
  vector() noexcept;
  explicit vector(size_type N);
  vector(size_type N, const T &V);
  vector(initializer_list<T> L);
  template <class It GRADGEN_REQUIRES(not_integral, It)
  vector(It First, It Last);
  vector(const vector &);
  vector(vector &&) noexcept;
  vector &operator=(const vector &);
  vector &operator=(vector &&) noexcept;
  size_type size() const noexcept;
  bool empty() const noexcept;
  void reserve(size_type);
  void resize(size_type);
  void resize(size_type, const T &);
  void clear() noexcept;
  T &operator[](size_type);
  const T &operator[](size_type) const;
  T &at(size_type);
  const T &at(size_type) const;
  T &front();
  const T &front() const;
  T &back();
  const T &back() const;
  T *data() noexcept;
  const T *data() const noexcept;
  iterator begin() noexcept;
  const_iterator begin() const noexcept;
  iterator end() noexcept;
  const_iterator end() const noexcept;
  void push_back(const T &);
  void push_back(T &&);
  template <class... A> T &emplace_back(A &&...);
  void pop_back();
  iterator insert(const_iterator, const T &);
  template <class It> iterator insert(const_iterator, It, It);
  iterator erase(const_iterator);
};
template <class T> bool operator==(const vector<T> &, const vector<T> &);
template <class T> bool operator!=(const vector<T> &, const vector<T> &);

// <array>
template <class T, size_t N> struct array {
  using value_type = T;
  using size_type = size_t;
  T Elems[N ? N : 1];
  constexpr size_type size() const noexcept { return N; }
  constexpr bool empty() const noexcept { return N == 0; }
  constexpr T &operator[](size_type I) { return Elems[I]; }
  constexpr const T &operator[](size_type I) const { return Elems[I]; }
  constexpr T &at(size_type I) { return Elems[I]; }
  constexpr const T &at(size_type I) const { return Elems[I]; }
  constexpr T *begin() noexcept { return Elems; }
  constexpr const T *begin() const noexcept { return Elems; }
  constexpr T *end() noexcept { return Elems + N; }
  constexpr const T *end() const noexcept { return Elems + N; }
  constexpr T *data() noexcept { return Elems; }
  constexpr const T *data() const noexcept { return Elems; }
  void fill(const T &);
};
template <class T, class... U> array(T, U...) -> array<T, 1 + sizeof...(U)>;
template <size_t I, class T, size_t N> constexpr T &get(array<T, N> &);
template <size_t I, class T, size_t N> constexpr const T &get(const array<T, N> &);

// <tuple>
template <class... T> class tuple;
template <class T> struct tuple_size;
template <class... T>
struct tuple_size<tuple<T...>> : integral_constant<size_t, sizeof...(T)> {};
template <class T> struct tuple_size<const T> : tuple_size<T> {};
template <class T> inline constexpr size_t tuple_size_v = tuple_size<T>::value;
template <size_t I, class T> struct tuple_element;
template <size_t I, class H, class... T>
struct tuple_element<I, tuple<H, T...>> : tuple_element<I - 1, tuple<T...>> {};
template <class H, class... T> struct tuple_element<0, tuple<H, T...>> {
  using type = H;
};
template <size_t I, class T> struct tuple_element<I, const T> {
  using type = const typename tuple_element<I, T>::type;
};
template <size_t I, class T>
using tuple_element_t = typename tuple_element<I, T>::type;

// The element counts are compared before the elements, whose pack
// expansion needs equal lengths.
#define GRADGEN_CONDITION_tuple_from_forwarded(T, U)                           \
  sizeof...(U) == sizeof...(T) && (__is_constructible(T, U &&) && ...)
#define GRADGEN_CONDITION_tuple_from_const(T, U)                               \
  sizeof...(U) == sizeof...(T) && (__is_constructible(T, const U &) && ...)
template <class Ts, class Us, class = void>
struct __gradgen_tuple_from_forwarded : __gradgen_condition<false> {};
template <class... T, class... U>
struct __gradgen_tuple_from_forwarded<
    __gradgen_types<T...>, __gradgen_types<U...>,
    enable_if_t<sizeof...(T) == sizeof...(U)>>
    : __gradgen_condition<(GRADGEN_CONDITION_tuple_from_forwarded(T, U))> {};
template <class Ts, class Us, class = void>
struct __gradgen_tuple_from_const : __gradgen_condition<false> {};
template <class... T, class... U>
struct __gradgen_tuple_from_const<__gradgen_types<T...>, __gradgen_types<U...>,
                                  enable_if_t<sizeof...(T) == sizeof...(U)>>
    : __gradgen_condition<(GRADGEN_CONDITION_tuple_from_const(T, U))> {};

template <class... T> class tuple {
public:
  constexpr tuple();
  constexpr tuple(const T &...Elems);
  template <class... U GRADGEN_REQUIRES_PACKS(tuple_from_forwarded, T, U)
  constexpr tuple(U &&...Elems);
  template <class... U GRADGEN_REQUIRES_PACKS(tuple_from_const, T, U)
  constexpr tuple(const tuple<U...> &Other);
  template <class... U GRADGEN_REQUIRES_PACKS(tuple_from_forwarded, T, U)
  constexpr tuple(tuple<U...> &&Other);
  tuple(const tuple &);
  tuple(tuple &&);
  tuple &operator=(const tuple &);
  tuple &operator=(tuple &&);
  template <class... U> tuple &operator=(const tuple<U...> &);
  template <class... U> tuple &operator=(tuple<U...> &&);
};
template <class... T> tuple(T...) -> tuple<T...>;
template <size_t I, class... T>
constexpr tuple_element_t<I, tuple<T...>> &get(tuple<T...> &) noexcept;
template <size_t I, class... T>
constexpr const tuple_element_t<I, tuple<T...>> &get(const tuple<T...> &) noexcept;
template <size_t I, class... T>
constexpr tuple_element_t<I, tuple<T...>> &&get(tuple<T...> &&) noexcept;
template <class... T> constexpr tuple<decay_t<T>...> make_tuple(T &&...);
template <class... T> constexpr tuple<T &...> tie(T &...) noexcept;
template <class... T> constexpr tuple<T &&...> forward_as_tuple(T &&...) noexcept;
struct IgnoreT {
  template <class T> constexpr const IgnoreT &operator=(const T &) const;
};
inline constexpr IgnoreT ignore{};

// <cmath>
#define GRADGEN_MATH_1(F)                                                      \
  double F(double);                                                            \
  float F(float);                                                              \
  template <class T GRADGEN_REQUIRES(integral, T) double F(T);
#define GRADGEN_MATH_2(F)                                                      \
  double F(double, double);                                                    \
  float F(float, float);                                                       \
  template <class T, class U GRADGEN_REQUIRES(arithmetics, T, U)             \
  double F(T, U);
GRADGEN_MATH_1(sqrt) GRADGEN_MATH_1(exp) GRADGEN_MATH_1(log)
GRADGEN_MATH_1(log2) GRADGEN_MATH_1(log10) GRADGEN_MATH_1(log1p)
GRADGEN_MATH_1(expm1) GRADGEN_MATH_1(sin) GRADGEN_MATH_1(cos)
GRADGEN_MATH_1(tan) GRADGEN_MATH_1(tanh) GRADGEN_MATH_1(fabs)
GRADGEN_MATH_1(floor) GRADGEN_MATH_1(ceil) GRADGEN_MATH_1(round)
GRADGEN_MATH_1(erf) GRADGEN_MATH_1(lgamma)
GRADGEN_MATH_2(pow) GRADGEN_MATH_2(fmod) GRADGEN_MATH_2(atan2)
#undef GRADGEN_MATH_1
#undef GRADGEN_MATH_2
double abs(double);
float abs(float);
long abs(long);
long long abs(long long);
int abs(int);
bool isnan(double);
bool isinf(double);
bool isfinite(double);

template <class T> struct numeric_limits {
  static constexpr T min() noexcept;
  static constexpr T max() noexcept;
  static constexpr T lowest() noexcept;
  static constexpr T epsilon() noexcept;
  static constexpr T infinity() noexcept;
  static constexpr T quiet_NaN() noexcept;
};

template <class T> class complex {
public:
  constexpr complex(const T &Re = T(), const T &Im = T());
  constexpr T real() const;
  constexpr T imag() const;
};

template <class T> class shared_ptr {
public:
  shared_ptr() noexcept;
  T *get() const noexcept;
  T &operator*() const noexcept;
  T *operator->() const noexcept;
  explicit operator bool() const noexcept;
};
template <class T> class unique_ptr {
public:
  unique_ptr() noexcept;
  T *get() const noexcept;
  T &operator*() const noexcept;
  T *operator->() const noexcept;
  explicit operator bool() const noexcept;
};
template <class T> class function;
template <class R, class... A> class function<R(A...)> {
public:
  function() noexcept;
  template <class F> function(F);
  R operator()(A...) const;
};
template <class T> class reference_wrapper;
} // namespace std

using std::abs;
using std::sqrt;
using std::pow;
using std::exp;
using std::log;
