// @generated from ../tools/autograd/templates/python_torch_functions.cpp
// The torch.* functions of examples/basic's operators (shard _0).

#include "torch/csrc/utils/python_arg_parser.h"

#include <ATen/ops/mul.h>
#include <ATen/ops/interpolate.h>
#include <ATen/ops/roll.h>
#include <ATen/ops/scale.h>
#include <ATen/ops/svd_triple.h>
#include <ATen/ops/layer_norm_triple.h>
#include <ATen/ops/view_copy.h>
#include <ATen/ops/_foreach_sin.h>

namespace torch { namespace autograd {

static PyObject * THPVariable_mul(PyObject* self_, PyObject* args, PyObject* kwargs);
static PyObject * THPVariable_interpolate(PyObject* self_, PyObject* args, PyObject* kwargs);
static PyObject * THPVariable_roll(PyObject* self_, PyObject* args, PyObject* kwargs);
static PyObject * THPVariable_scale(PyObject* self_, PyObject* args, PyObject* kwargs);
static PyObject * THPVariable_svd_triple(PyObject* self_, PyObject* args, PyObject* kwargs);
static PyObject * THPVariable_layer_norm_triple(PyObject* self_, PyObject* args, PyObject* kwargs);
static PyObject * THPVariable_view_copy(PyObject* self_, PyObject* args, PyObject* kwargs);
static PyObject * THPVariable__foreach_sin(PyObject* self_, PyObject* args, PyObject* kwargs);

static PyMethodDef torch_functions_shard[] = {
  {"mul", castPyCFunctionWithKeywords(THPVariable_mul), METH_VARARGS | METH_KEYWORDS | METH_STATIC, nullptr},
  {"interpolate", castPyCFunctionWithKeywords(THPVariable_interpolate), METH_VARARGS | METH_KEYWORDS | METH_STATIC, nullptr},
  {"roll", castPyCFunctionWithKeywords(THPVariable_roll), METH_VARARGS | METH_KEYWORDS | METH_STATIC, nullptr},
  {"scale", castPyCFunctionWithKeywords(THPVariable_scale), METH_VARARGS | METH_KEYWORDS | METH_STATIC, nullptr},
  {"svd_triple", castPyCFunctionWithKeywords(THPVariable_svd_triple), METH_VARARGS | METH_KEYWORDS | METH_STATIC, nullptr},
  {"layer_norm_triple", castPyCFunctionWithKeywords(THPVariable_layer_norm_triple), METH_VARARGS | METH_KEYWORDS | METH_STATIC, nullptr},
  {"view_copy", castPyCFunctionWithKeywords(THPVariable_view_copy), METH_VARARGS | METH_KEYWORDS | METH_STATIC, nullptr},
  {"_foreach_sin", castPyCFunctionWithKeywords(THPVariable__foreach_sin), METH_VARARGS | METH_KEYWORDS | METH_STATIC, nullptr},
};

void gatherTorchFunctions_0(std::vector<PyMethodDef> &torch_functions) {
  constexpr size_t num_functions = sizeof(torch_functions_shard) / sizeof(torch_functions_shard[0]);
  torch_functions.insert(torch_functions.end(), torch_functions_shard,
                         torch_functions_shard + num_functions);
}

// mul
static PyObject * THPVariable_mul(PyObject* self_, PyObject* args, PyObject* kwargs)
{
  HANDLE_TH_ERRORS
  static PythonArgParser parser({
    "mul(Tensor input, Tensor other)",
  }, /*traceable=*/true);

  ParsedArgs<2> parsed_args;
  auto _r = parser.parse(nullptr, args, kwargs, parsed_args);
  if(_r.has_torch_function()) {
    return handle_torch_function(_r, nullptr, args, kwargs, THPVariableFunctionsModule, "torch");
  }
  // aten::mul.Tensor(Tensor self, Tensor other) -> Tensor

  auto dispatch_mul = [](const at::Tensor & self, const at::Tensor & other) -> at::Tensor {
    pybind11::gil_scoped_release no_gil;
    return self.mul(other);
  };
  return wrap(dispatch_mul(_r.tensor(0), _r.tensor(1)));
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

// interpolate
static PyObject * THPVariable_interpolate(PyObject* self_, PyObject* args, PyObject* kwargs)
{
  HANDLE_TH_ERRORS
  static PythonArgParser parser({
    "interpolate(Tensor input, SymIntArrayRef? output_size, ArrayRef<double>? scale_factors)",
  }, /*traceable=*/true);

  ParsedArgs<3> parsed_args;
  auto _r = parser.parse(nullptr, args, kwargs, parsed_args);
  if(_r.has_torch_function()) {
    return handle_torch_function(_r, nullptr, args, kwargs, THPVariableFunctionsModule, "torch");
  }
  // aten::interpolate(Tensor self, SymInt[]? output_size, float[]? scale_factors) -> Tensor

  auto dispatch_interpolate = [](const at::Tensor & self, at::OptionalSymIntArrayRef output_size, ::std::optional<at::ArrayRef<double>> scale_factors) -> at::Tensor {
    pybind11::gil_scoped_release no_gil;
    return at::interpolate_symint(self, output_size, scale_factors);
  };
  return wrap(dispatch_interpolate(_r.tensor(0), _r.symintlistOptional(1), _r.doublelistOptional(2)));
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

// roll
static PyObject * THPVariable_roll(PyObject* self_, PyObject* args, PyObject* kwargs)
{
  HANDLE_TH_ERRORS
  static PythonArgParser parser({
    "roll(Tensor input, SymInt shift, int64_t? dims=None, SymInt? limit=None)",
  }, /*traceable=*/true);

  ParsedArgs<4> parsed_args;
  auto _r = parser.parse(nullptr, args, kwargs, parsed_args);
  if(_r.has_torch_function()) {
    return handle_torch_function(_r, nullptr, args, kwargs, THPVariableFunctionsModule, "torch");
  }
  // aten::roll(Tensor self, SymInt shift, int? dims=None, SymInt? limit=None) -> Tensor

  auto dispatch_roll = [](const at::Tensor & self, c10::SymInt shift, ::std::optional<int64_t> dims, ::std::optional<c10::SymInt> limit) -> at::Tensor {
    pybind11::gil_scoped_release no_gil;
    return at::roll_symint(self, shift, dims, limit);
  };
  return wrap(dispatch_roll(_r.tensor(0), _r.toSymInt(1), _r.toInt64Optional(2), _r.toSymIntOptional(3)));
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

// scale
static PyObject * THPVariable_scale(PyObject* self_, PyObject* args, PyObject* kwargs)
{
  HANDLE_TH_ERRORS
  static PythonArgParser parser({
    "scale(Tensor input, double factor, double? bias=None, int64_t steps=1, bool exact=False, Layout layout=strided)",
  }, /*traceable=*/true);

  ParsedArgs<6> parsed_args;
  auto _r = parser.parse(nullptr, args, kwargs, parsed_args);
  if(_r.has_torch_function()) {
    return handle_torch_function(_r, nullptr, args, kwargs, THPVariableFunctionsModule, "torch");
  }
  // aten::scale(Tensor self, float factor, float? bias=None, int steps=1, bool exact=False, Layout layout=strided) -> Tensor

  auto dispatch_scale = [](const at::Tensor & self, double factor, ::std::optional<double> bias, int64_t steps, bool exact, at::Layout layout) -> at::Tensor {
    pybind11::gil_scoped_release no_gil;
    return at::scale(self, factor, bias, steps, exact, layout);
  };
  return wrap(dispatch_scale(_r.tensor(0), _r.toDouble(1), _r.toDoubleOptional(2), _r.toInt64(3), _r.toBool(4), _r.layout(5)));
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

// svd_triple
static PyObject * THPVariable_svd_triple(PyObject* self_, PyObject* args, PyObject* kwargs)
{
  HANDLE_TH_ERRORS
  static PyTypeObject* NamedTuple = generated::get_svd_triple_structseq();
  static PythonArgParser parser({
    "svd_triple(Tensor A)",
  }, /*traceable=*/true);

  ParsedArgs<1> parsed_args;
  auto _r = parser.parse(nullptr, args, kwargs, parsed_args);
  if(_r.has_torch_function()) {
    return handle_torch_function(_r, nullptr, args, kwargs, THPVariableFunctionsModule, "torch");
  }
  // aten::svd_triple(Tensor A) -> (Tensor U, Tensor S, Tensor V)

  auto dispatch_svd_triple = [](const at::Tensor & A) -> ::std::tuple<at::Tensor,at::Tensor,at::Tensor> {
    pybind11::gil_scoped_release no_gil;
    return at::svd_triple(A);
  };
  return wrap(NamedTuple, dispatch_svd_triple(_r.tensor(0)));
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

// layer_norm_triple
static PyObject * THPVariable_layer_norm_triple(PyObject* self_, PyObject* args, PyObject* kwargs)
{
  HANDLE_TH_ERRORS
  static PythonArgParser parser({
    "layer_norm_triple(Tensor input, SymIntArrayRef normalized_shape, Tensor? weight, Tensor? bias, double eps)",
  }, /*traceable=*/true);

  ParsedArgs<5> parsed_args;
  auto _r = parser.parse(nullptr, args, kwargs, parsed_args);
  if(_r.has_torch_function()) {
    return handle_torch_function(_r, nullptr, args, kwargs, THPVariableFunctionsModule, "torch");
  }
  // aten::layer_norm_triple(Tensor input, SymInt[] normalized_shape, Tensor? weight, Tensor? bias, float eps) -> (Tensor, Tensor, Tensor)

  auto dispatch_layer_norm_triple = [](const at::Tensor & input, c10::SymIntArrayRef normalized_shape, const ::std::optional<at::Tensor> & weight, const ::std::optional<at::Tensor> & bias, double eps) -> ::std::tuple<at::Tensor,at::Tensor,at::Tensor> {
    pybind11::gil_scoped_release no_gil;
    return at::layer_norm_triple_symint(input, normalized_shape, weight, bias, eps);
  };
  return wrap(dispatch_layer_norm_triple(_r.tensor(0), _r.symintlist(1), _r.optionalTensor(2), _r.optionalTensor(3), _r.toDouble(4)));
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

// view_copy
static PyObject * THPVariable_view_copy(PyObject* self_, PyObject* args, PyObject* kwargs)
{
  HANDLE_TH_ERRORS
  static PythonArgParser parser({
    "view_copy(Tensor input, SymIntArrayRef size)",
  }, /*traceable=*/true);

  ParsedArgs<2> parsed_args;
  auto _r = parser.parse(nullptr, args, kwargs, parsed_args);
  if(_r.has_torch_function()) {
    return handle_torch_function(_r, nullptr, args, kwargs, THPVariableFunctionsModule, "torch");
  }
  // aten::view_copy(Tensor self, SymInt[] size) -> Tensor

  auto dispatch_view_copy = [](const at::Tensor & self, c10::SymIntArrayRef size) -> at::Tensor {
    pybind11::gil_scoped_release no_gil;
    return at::view_copy_symint(self, size);
  };
  return wrap(dispatch_view_copy(_r.tensor(0), _r.symintlist(1)));
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

// _foreach_sin
static PyObject * THPVariable__foreach_sin(PyObject* self_, PyObject* args, PyObject* kwargs)
{
  HANDLE_TH_ERRORS
  static PythonArgParser parser({
    "_foreach_sin(TensorList self)",
  }, /*traceable=*/true);

  ParsedArgs<1> parsed_args;
  auto _r = parser.parse(nullptr, args, kwargs, parsed_args);
  if(_r.has_torch_function()) {
    return handle_torch_function(_r, nullptr, args, kwargs, THPVariableFunctionsModule, "torch");
  }
  // aten::_foreach_sin(Tensor[] self) -> Tensor[]

  auto dispatch__foreach_sin = [](at::TensorList self) -> ::std::vector<at::Tensor> {
    pybind11::gil_scoped_release no_gil;
    return at::_foreach_sin(self);
  };
  return wrap(dispatch__foreach_sin(_r.tensorlist(0)));
  Py_RETURN_NONE;
  END_HANDLE_TH_ERRORS
}

}} // namespace torch::autograd
