// gradgen_prelude.h - The vocabulary of PyTorch's C++ API that derivative
// formulas and FunctionsManual.h use, for type-checking only.
//
// Served as <ATen/ATen.h>, <torch/csrc/autograd/...> and friends by gradgen's
// in-memory file system. The operators (at::add, Tensor::sum, ...) are not
// here: they are declared from native_functions.yaml into
// <gradgen/operator_functions.inc> and <gradgen/operator_methods.inc>.
#pragma once

#include <gradgen_c10.h>

namespace c10 {
ScalarType typeMetaToScalarType(caffe2::TypeMeta);
caffe2::TypeMeta scalarTypeToTypeMeta(ScalarType);
bool operator==(const ScalarType, const caffe2::TypeMeta);
bool operator==(const caffe2::TypeMeta, const ScalarType);
bool operator!=(const ScalarType, const caffe2::TypeMeta);
bool operator!=(const caffe2::TypeMeta, const ScalarType);

enum class Layout : int8_t {
  Strided, Sparse, SparseCsr, Mkldnn, SparseCsc, SparseBsr, SparseBsc,
  Jagged, NumOptions
};
constexpr Layout kStrided = Layout::Strided;
constexpr Layout kSparse = Layout::Sparse;
constexpr Layout kSparseCsr = Layout::SparseCsr;
constexpr Layout kSparseCsc = Layout::SparseCsc;
constexpr Layout kSparseBsr = Layout::SparseBsr;
constexpr Layout kSparseBsc = Layout::SparseBsc;
constexpr Layout kMkldnn = Layout::Mkldnn;
constexpr Layout kJagged = Layout::Jagged;

enum class MemoryFormat : int8_t {
  Contiguous, Preserve, ChannelsLast, ChannelsLast3d, NumOptions
};
MemoryFormat get_contiguous_memory_format();

enum class DeviceType : int8_t { CPU, CUDA, MKLDNN, XLA, Meta, MPS, XPU, HIP };
constexpr DeviceType kCPU = DeviceType::CPU;
constexpr DeviceType kCUDA = DeviceType::CUDA;
constexpr DeviceType kMeta = DeviceType::Meta;
class Device {
public:
  Device(DeviceType Type, DeviceIndex Index = -1);
  Device(const std::string &);
  Device(const char *);
  DeviceType type() const noexcept;
  DeviceIndex index() const noexcept;
  bool has_index() const noexcept;
  bool is_cuda() const noexcept;
  bool is_cpu() const noexcept;
  bool is_xpu() const noexcept;
  bool is_meta() const noexcept;
  bool operator==(const Device &) const noexcept;
  bool operator!=(const Device &) const noexcept;
};

enum class QScheme : uint8_t {
  PER_TENSOR_AFFINE, PER_CHANNEL_AFFINE, PER_TENSOR_SYMMETRIC,
  PER_CHANNEL_SYMMETRIC, PER_CHANNEL_AFFINE_FLOAT_QPARAMS
};
constexpr QScheme kPerTensorAffine = QScheme::PER_TENSOR_AFFINE;

class Scalar {
public:
  Scalar();
  Scalar(double);
  Scalar(float);
  Scalar(int);
  Scalar(long);
  Scalar(long long);
  Scalar(unsigned);
  Scalar(unsigned long);
  Scalar(bool);
  Scalar(c10::Half);
  Scalar(c10::BFloat16);
  Scalar(c10::complex<double>);
  Scalar(c10::complex<float>);
  Scalar(SymInt);
  Scalar(SymBool);
  Scalar(const Scalar &);
  Scalar(Scalar &&);
  Scalar &operator=(const Scalar &);
  Scalar &operator=(Scalar &&);
  double toDouble() const;
  float toFloat() const;
  int64_t toLong() const;
  int toInt() const;
  bool toBool() const;
  int16_t toShort() const;
  int8_t toChar() const;
  uint8_t toByte() const;
  c10::Half toHalf() const;
  c10::complex<double> toComplexDouble() const;
  c10::complex<float> toComplexFloat() const;
  c10::SymInt toSymInt() const;
  c10::SymBool toSymBool() const;
  template <class T> T to() const;
  bool isFloatingPoint() const;
  bool isIntegral(bool IncludeBool) const;
  bool isComplex() const;
  bool isBoolean() const;
  bool isSymbolic() const;
  bool equal(bool) const;
  template <class T> bool equal(T) const;
  Scalar operator-() const;
  Scalar conj() const;
  Scalar log() const;
  ScalarType type() const;
};
bool operator==(const Scalar &, const Scalar &);

class Dimname {};
using DimnameList = ArrayRef<Dimname>;

class Storage {
public:
  Storage();
  size_t nbytes() const;
  const void *data() const;
};
class Stream {
public:
  Device device() const noexcept;
};
class Generator {
public:
  Generator();
  bool defined() const;
  Device device() const;
  uint64_t current_seed() const;
};

template <class T> class List {
public:
  using value_type = T;
  List();
  List(std::initializer_list<T>);
  explicit List(ArrayRef<T>);
  List(const List &);
  List(List &&);
  List &operator=(const List &);
  size_t size() const;
  bool empty() const;
  T get(size_t) const;
  T operator[](size_t) const;
  T extract(size_t) const;
  void set(size_t, T);
  void push_back(T);
  void reserve(size_t);
  const T *begin() const;
  const T *end() const;
  std::vector<T> vec() const;
};

class TensorOptions;
} // namespace c10

namespace at {
using namespace c10;
using c10::ArrayRef;
using c10::IntArrayRef;
using c10::SymIntArrayRef;
using c10::OptionalIntArrayRef;
using c10::OptionalSymIntArrayRef;
using c10::Scalar;
using c10::ScalarType;
using c10::Layout;
using c10::Device;
using c10::MemoryFormat;
using c10::Generator;
using c10::Storage;
using c10::Stream;
using c10::Dimname;
using c10::DimnameList;
using c10::QScheme;
class Tensor;
class TensorBase;
using TensorList = ArrayRef<Tensor>;
using ITensorList = ArrayRef<Tensor>;
} // namespace at

namespace c10 {
class TensorOptions {
public:
  TensorOptions();
  TensorOptions(Layout);
  TensorOptions(Device);
  TensorOptions(DeviceType);
  TensorOptions(ScalarType);
  TensorOptions(caffe2::TypeMeta);
  TensorOptions(MemoryFormat);
  TensorOptions device(std::optional<Device>) const noexcept;
  TensorOptions device_index(DeviceIndex) const noexcept;
  TensorOptions dtype(std::optional<caffe2::TypeMeta>) const noexcept;
  TensorOptions dtype(std::optional<ScalarType>) const;
  TensorOptions dtype(ScalarType) const;
  template <class T> TensorOptions &dtype();
  TensorOptions layout(std::optional<Layout>) const noexcept;
  TensorOptions requires_grad(std::optional<bool>) const noexcept;
  TensorOptions pinned_memory(std::optional<bool>) const noexcept;
  TensorOptions memory_format(std::optional<MemoryFormat>) const noexcept;
  Device device() const noexcept;
  caffe2::TypeMeta dtype() const noexcept;
  Layout layout() const noexcept;
  bool requires_grad() const noexcept;
  bool pinned_memory() const noexcept;
  bool has_device() const noexcept;
  bool has_dtype() const noexcept;
  bool has_layout() const noexcept;
  std::optional<MemoryFormat> memory_format_opt() const noexcept;
  std::optional<ScalarType> dtype_opt() const noexcept;
  std::optional<Layout> layout_opt() const noexcept;
  std::optional<Device> device_opt() const noexcept;
  std::optional<bool> pinned_memory_opt() const noexcept;
  std::optional<bool> requires_grad_opt() const noexcept;
  bool is_sparse() const;
};
TensorOptions dtype(caffe2::TypeMeta);
TensorOptions dtype(ScalarType);
template <class T> TensorOptions dtype();
TensorOptions layout(Layout);
TensorOptions device(Device);
TensorOptions device_index(int16_t);
TensorOptions requires_grad(bool = true);
TensorOptions memory_format(MemoryFormat);
ScalarType optTypeMetaToScalarType(std::optional<caffe2::TypeMeta>);
ScalarType typeMetaToScalarType(std::optional<caffe2::TypeMeta>);
inline ScalarType dtype_or_default(std::optional<ScalarType>);
inline Layout layout_or_default(std::optional<Layout>);
inline Device device_or_default(std::optional<Device>);
inline bool pinned_memory_or_default(std::optional<bool>);
} // namespace c10

namespace at {
using c10::TensorOptions;
using c10::dtype;
using c10::layout;
using c10::device;

namespace Reduction {
enum Reduction { None, Mean, Sum, END };
} // namespace Reduction

class GradMode {
public:
  static bool is_enabled();
  static void set_enabled(bool);
};
struct AutoGradMode {
  AutoGradMode(bool);
};
struct NoGradGuard {};

class TensorImpl;
class NestedTensorImpl;
class TensorGeometry;

// The members of at::Tensor that are not operators: PyTorch's TensorBase.
class TensorBase {
public:
  TensorBase();
  TensorBase(const TensorBase &);
  TensorBase(TensorBase &&) noexcept;
  TensorBase &operator=(const TensorBase &) &;
  TensorBase &operator=(TensorBase &&) & noexcept;
  bool defined() const;
  void reset();
  int64_t dim() const;
  int64_t ndimension() const;
  int64_t storage_offset() const;
  c10::SymInt sym_storage_offset() const;
  IntArrayRef sizes() const;
  c10::SymIntArrayRef sym_sizes() const;
  IntArrayRef strides() const;
  c10::SymIntArrayRef sym_strides() const;
  int64_t size(int64_t Dim) const;
  c10::SymInt sym_size(int64_t Dim) const;
  int64_t stride(int64_t Dim) const;
  c10::SymInt sym_stride(int64_t Dim) const;
  int64_t numel() const;
  c10::SymInt sym_numel() const;
  c10::SymInt sym_nbytes() const;
  size_t nbytes() const;
  size_t itemsize() const;
  int64_t element_size() const;
  bool is_contiguous(MemoryFormat Format = MemoryFormat::Contiguous) const;
  bool is_non_overlapping_and_dense() const;
  MemoryFormat suggest_memory_format(bool ChannelsLastStridesExactMatch = false) const;
  caffe2::TypeMeta dtype() const noexcept;
  ScalarType scalar_type() const;
  Layout layout() const;
  Device device() const;
  int64_t get_device() const;
  TensorOptions options() const;
  bool is_cpu() const;
  bool is_cuda() const;
  bool is_xpu() const;
  bool is_meta() const;
  bool is_mkldnn() const;
  bool is_mps() const;
  bool is_sparse() const;
  bool is_sparse_csr() const;
  bool is_quantized() const;
  bool is_nested() const;
  bool is_complex() const;
  bool is_floating_point() const;
  bool is_signed() const;
  bool is_conj() const;
  bool is_neg() const;
  bool is_inference() const;
  bool is_view() const;
  bool has_names() const;
  bool has_storage() const;
  const Storage &storage() const;
  bool is_alias_of(const TensorBase &) const;
  bool requires_grad() const;
  bool is_leaf() const;
  int64_t output_nr() const;
  int64_t _version() const;
  const TensorBase &requires_grad_(bool = true) const;
  const TensorBase &fill_(const c10::Scalar &) const;
  const TensorBase &zero_() const;
  TensorBase contiguous(MemoryFormat = MemoryFormat::Contiguous) const;
  TensorImpl *unsafeGetTensorImpl() const;
  bool is_same(const TensorBase &) const noexcept;
  size_t use_count() const noexcept;
  void *data_ptr() const;
  const void *const_data_ptr() const;
  void *mutable_data_ptr() const;
  template <class T> T *data_ptr() const;
  template <class T> const T *const_data_ptr() const;
  template <class T> T item() const;
  std::string toString() const;
};
} // namespace at

// The prelude's base ends here: what comes before it is precompiled when
// gradgen is built; what follows depends on the operators of a run.
// (FormulaCompiler splits the file at this line.)
// gradgen-prelude-base-end

namespace at {
// at::Tensor: TensorBase plus one member per operator with a method variant,
// declared from native_functions.yaml.
class Tensor : public TensorBase {
public:
  Tensor();
  Tensor(const Tensor &);
  Tensor(Tensor &&) noexcept;
  explicit Tensor(const TensorBase &);
  Tensor(TensorBase &&);
  Tensor &operator=(const Tensor &) &;
  Tensor &operator=(Tensor &&) & noexcept;
  Tensor &operator=(const TensorBase &) &;
  Tensor &operator=(const Scalar &) &&;
  Tensor &operator=(const Tensor &) &&;
  Tensor &operator=(Tensor &&) &&;

  using TensorBase::contiguous;
  using TensorBase::dim;
  using TensorBase::is_complex;
  using TensorBase::is_floating_point;
  using TensorBase::is_conj;
  using TensorBase::is_neg;
  using TensorBase::is_inference;
  using TensorBase::is_leaf;
  using TensorBase::output_nr;
  using TensorBase::_version;
  using TensorBase::requires_grad;
  using TensorBase::size;
  using TensorBase::stride;
  using TensorBase::sym_size;
  using TensorBase::sym_stride;
  using TensorBase::sym_numel;
  using TensorBase::numel;
  using TensorBase::data_ptr;
  using TensorBase::item;

  Tensor contiguous(MemoryFormat = MemoryFormat::Contiguous) const;
  Tensor conj() const;
  Tensor toType(ScalarType) const;
  Tensor cpu() const;
  Tensor cuda() const;
  Tensor operator~() const;
  Tensor operator-() const;
  Tensor &operator+=(const Tensor &);
  Tensor &operator+=(const Scalar &);
  Tensor &operator-=(const Tensor &);
  Tensor &operator-=(const Scalar &);
  Tensor &operator*=(const Tensor &);
  Tensor &operator*=(const Scalar &);
  Tensor &operator/=(const Tensor &);
  Tensor &operator/=(const Scalar &);
  Tensor &operator&=(const Tensor &);
  Tensor &operator|=(const Tensor &);
  Tensor &operator^=(const Tensor &);
  Tensor operator[](const Scalar &) const;
  Tensor operator[](const Tensor &) const;
  Tensor operator[](int64_t) const;
  const Tensor &grad() const;
  Tensor &mutable_grad() const;
  const Tensor &fw_grad(uint64_t Level) const;
  void set_fw_grad(const TensorBase &, uint64_t Level, bool IsInplaceOp) const;
  const Tensor &requires_grad_(bool = true) const;
  template <class T> T item() const;
  Tensor tensor_data() const;
  Tensor variable_data() const;
  template <class F, class R = std::invoke_result_t<F, Tensor>>
  void register_hook(F &&) const;

#include <gradgen/operator_methods.inc>
};

Tensor operator+(const Tensor &, const Tensor &);
Tensor operator+(const Tensor &, const Scalar &);
Tensor operator+(const Scalar &, const Tensor &);
Tensor operator-(const Tensor &, const Tensor &);
Tensor operator-(const Tensor &, const Scalar &);
Tensor operator-(const Scalar &, const Tensor &);
Tensor operator*(const Tensor &, const Tensor &);
Tensor operator*(const Tensor &, const Scalar &);
Tensor operator*(const Scalar &, const Tensor &);
Tensor operator/(const Tensor &, const Tensor &);
Tensor operator/(const Tensor &, const Scalar &);
Tensor operator/(const Scalar &, const Tensor &);
Tensor operator%(const Tensor &, const Tensor &);
Tensor operator%(const Tensor &, const Scalar &);
Tensor operator%(const Scalar &, const Tensor &);
Tensor operator&(const Tensor &, const Tensor &);
Tensor operator&(const Tensor &, const Scalar &);
Tensor operator&(const Scalar &, const Tensor &);
Tensor operator|(const Tensor &, const Tensor &);
Tensor operator|(const Tensor &, const Scalar &);
Tensor operator|(const Scalar &, const Tensor &);
Tensor operator^(const Tensor &, const Tensor &);
Tensor operator^(const Tensor &, const Scalar &);
Tensor operator^(const Scalar &, const Tensor &);
Tensor operator<(const Tensor &, const Tensor &);
Tensor operator<(const Tensor &, const Scalar &);
Tensor operator<(const Scalar &, const Tensor &);
Tensor operator<=(const Tensor &, const Tensor &);
Tensor operator<=(const Tensor &, const Scalar &);
Tensor operator<=(const Scalar &, const Tensor &);
Tensor operator>(const Tensor &, const Tensor &);
Tensor operator>(const Tensor &, const Scalar &);
Tensor operator>(const Scalar &, const Tensor &);
Tensor operator>=(const Tensor &, const Tensor &);
Tensor operator>=(const Tensor &, const Scalar &);
Tensor operator>=(const Scalar &, const Tensor &);
Tensor operator==(const Tensor &, const Tensor &);
Tensor operator==(const Tensor &, const Scalar &);
Tensor operator==(const Scalar &, const Tensor &);
Tensor operator!=(const Tensor &, const Tensor &);
Tensor operator!=(const Tensor &, const Scalar &);
Tensor operator!=(const Scalar &, const Tensor &);

class TensorGeometry {
public:
  TensorGeometry();
  explicit TensorGeometry(const TensorBase &);
  explicit TensorGeometry(c10::SymIntArrayRef Sizes);
  int64_t dim() const;
  int64_t size(int64_t Dim) const;
  IntArrayRef sizes() const;
  int64_t stride(int64_t Dim) const;
  IntArrayRef strides() const;
  int64_t storage_offset() const;
  int64_t numel() const;
  c10::SymInt sym_size(int64_t Dim) const;
  c10::SymIntArrayRef sym_sizes() const;
  c10::SymInt sym_stride(int64_t Dim) const;
  c10::SymIntArrayRef sym_strides() const;
  c10::SymInt sym_storage_offset() const;
  c10::SymInt sym_numel() const;
  TensorGeometry transpose(int64_t Dim0, int64_t Dim1);
  bool is_contiguous() const;
};

// The iterable list references of ATen's C++ API.
class ITensorListRef {
public:
  ITensorListRef();
  ITensorListRef(TensorList);
  ITensorListRef(const std::vector<Tensor> &);
  ITensorListRef(std::initializer_list<Tensor>);
  ITensorListRef(const Tensor &);
  ITensorListRef(const c10::List<Tensor> &);
  size_t size() const;
  bool empty() const;
  const Tensor *begin() const;
  const Tensor *end() const;
  const Tensor &front() const;
  std::vector<Tensor> vec() const;
};
class IOptTensorListRef {
public:
  IOptTensorListRef(const c10::List<std::optional<Tensor>> &);
  size_t size() const;
};

Tensor sum_to(Tensor Tensor_, c10::SymIntArrayRef Shape,
              bool AlwaysReturnNonView = false);
Tensor sum_to(Tensor Tensor_, IntArrayRef Shape, bool AlwaysReturnNonView = false);
bool is_expandable_to(SymIntArrayRef Shape, c10::SymIntArrayRef Desired);
bool is_expandable_to(IntArrayRef Shape, IntArrayRef Desired);
std::vector<int64_t> infer_size(IntArrayRef A, IntArrayRef B);
std::vector<c10::SymInt> infer_size_symint(SymIntArrayRef A, SymIntArrayRef B);
Tensor scalar_to_tensor(const Scalar &S, const Device Device_ = at::kCPU);
Tensor wrapped_scalar_tensor(const Scalar &S, const Device Device_ = at::kCPU);
Tensor tensor(ArrayRef<double>, const TensorOptions & = {});
Tensor tensor(ArrayRef<int64_t>, const TensorOptions & = {});
Tensor tensor(double, const TensorOptions & = {});
Tensor tensor(int64_t, const TensorOptions & = {});
ScalarType result_type(const Tensor &, const Tensor &);
ScalarType result_type(const Tensor &, const Scalar &);
ScalarType result_type(const Scalar &, const Tensor &);
ScalarType result_type(const Scalar &, const Scalar &);
ScalarType result_type(const Tensor &);
bool isTensorSubclassLike(const Tensor &);
bool areAnyTensorSubclassLike(TensorList);
bool areAnyOptionalTensorSubclassLike(const c10::List<std::optional<Tensor>> &);
inline int64_t maybe_wrap_dim(int64_t Dim, int64_t DimPostExpr,
                              bool WrapScalar = true);
inline int64_t maybe_wrap_dim(int64_t Dim, TensorImpl *, bool = true);
inline int64_t maybe_wrap_dim(int64_t Dim, TensorList, bool = true);

namespace sparse_csr {
std::optional<c10::SymIntArrayRef> getSymIntBlockSize(const Tensor &);
std::optional<IntArrayRef> getBlockSize(const Tensor &);
} // namespace sparse_csr

class NestedTensorImpl {
public:
  const Tensor &get_nested_sizes() const;
  const Tensor &get_nested_strides() const;
  const Tensor &get_storage_offsets() const;
  const Tensor &get_unsafe_storage_as_tensor() const;
  std::optional<int64_t> opt_size(int64_t) const;
  int64_t size(int64_t) const;
};
namespace native {
NestedTensorImpl *get_nested_tensor_impl(const Tensor &);
NestedTensorImpl *get_nested_tensor_impl_or_null(const Tensor &);
inline const Tensor &get_nested_sizes(const Tensor &);
Tensor wrap_buffer(Tensor, Tensor);
std::vector<int64_t> NestedTensor_get_max_size(const NestedTensorImpl &);
} // namespace native

#include <gradgen/operator_functions.inc>
} // namespace at

namespace torch {
using at::Tensor;
template <class T> using List = c10::List<T>;
namespace autograd {
using Variable = at::Tensor;
using variable_list = std::vector<Variable>;
using at::GradMode;
using at::AutoGradMode;
using at::NoGradGuard;
using IndexRange = std::pair<size_t, size_t>;
struct Node {
  virtual ~Node();
  virtual variable_list apply(variable_list &&Inputs) = 0;
};
struct TraceableFunction : public Node {};
class SavedVariable {
public:
  SavedVariable();
  SavedVariable(const Variable &, bool IsOutput, bool IsInplaceOnView = false);
  Variable unpack(std::shared_ptr<Node> SavedFor = {}) const;
  void reset_data();
};
bool isFwGradDefined(const std::optional<at::Tensor> &);
bool isDifferentiableType(at::ScalarType);
// What the generated code saves for `zeros_like(X)`.
struct TypeAndSize {
  TypeAndSize();
  /* implicit */ TypeAndSize(const at::Tensor &T);
  at::Tensor zeros();
  std::vector<c10::SymInt> sym_sizes;
  at::TensorOptions options;
};

// The names generated Functions.h brings into its namespace.
namespace generated {
using at::Scalar;
using at::Tensor;
using at::IntArrayRef;
using at::ArrayRef;
using at::TensorGeometry;
using at::ScalarType;
using std::optional;
using c10::fmap;
using torch::autograd::TypeAndSize;
namespace details {}
// Every `at::` of a formula and of its function's parameters is an
// unqualified lookup of `at` from this namespace; declared here, it is found
// in the first namespace searched instead of after torch::autograd, torch
// and the global namespace. They name the same namespaces.
namespace at = ::at;
namespace c10 = ::c10;
namespace std = ::std;
namespace torch = ::torch;
} // namespace generated
} // namespace autograd
} // namespace torch
