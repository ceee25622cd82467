// _gradgen_bindings: a Python extension module that exposes the functions and
// methods of generated Python binding files (python_torch_functions_N.cpp,
// python_variable_methods.cpp, python_<namespace>_functions.cpp,
// python_return_types.cpp) next to torch's own, so that a battery can call
// both and compare (python_bindings_check.py, docs/python-bindings.md).
//
// The generated files define the same symbols as libtorch_python.so
// (gatherTorchFunctions_0, variable_methods, initNNFunctions,
// get_namedtuple...). The harness links this module with a version script
// that makes every symbol the generated objects define local, so each
// reference in the module binds at link time to the generated definition,
// never to libtorch_python's; `origin()` lets the battery confirm it.
#include <Python.h>
#include <dlfcn.h>

#include <string>
#include <vector>

namespace torch {
namespace autograd {
void gatherTorchFunctions_0(std::vector<PyMethodDef> &torch_functions);
void gatherTorchFunctions_1(std::vector<PyMethodDef> &torch_functions);
void gatherTorchFunctions_2(std::vector<PyMethodDef> &torch_functions);
extern PyMethodDef variable_methods[];
void initNNFunctions(PyObject *module);
void initFFTFunctions(PyObject *module);
void initLinalgFunctions(PyObject *module);
void initNestedFunctions(PyObject *module);
void initSparseFunctions(PyObject *module);
void initSpecialFunctions(PyObject *module);
void initReturnTypes(PyObject *module);
} // namespace autograd
} // namespace torch

namespace {

// The generated torch.* functions are METH_STATIC: like torch's
// torch._C._VariableFunctionsClass, they live on a class.
PyTypeObject TorchFunctionsClass = {
    PyVarObject_HEAD_INIT(nullptr, 0) "_gradgen_bindings.TorchFunctions",
    sizeof(PyObject),
};

// The shared object that holds a C function, or None.
PyObject *libraryOf(void *function) {
  Dl_info info;
  if (!function || !dladdr(function, &info) || !info.dli_fname)
    Py_RETURN_NONE;
  return PyUnicode_FromString(info.dli_fname);
}

// origin(f): the shared object defining the C function behind a builtin
// function (torch.add, a static method) or a method descriptor
// (torch._C._TensorBase.__dict__['add']).
PyObject *origin(PyObject *, PyObject *callable) {
  if (PyCFunction_Check(callable))
    return libraryOf(
        reinterpret_cast<void *>(PyCFunction_GetFunction(callable)));
  if (Py_IS_TYPE(callable, &PyMethodDescr_Type))
    return libraryOf(reinterpret_cast<void *>(
        reinterpret_cast<PyMethodDescrObject *>(callable)->d_method->ml_meth));
  PyErr_Format(PyExc_TypeError, "origin: not a C function: %R", callable);
  return nullptr;
}

PyMethodDef moduleFunctions[] = {
    {"origin", origin, METH_O, "the shared object of a C function"},
    {nullptr, nullptr, 0, nullptr},
};

PyModuleDef moduleDef = {PyModuleDef_HEAD_INIT, "_gradgen_bindings", nullptr,
                         -1, moduleFunctions};

bool addTorchFunctions(PyObject *module) {
  static std::vector<PyMethodDef> functions;
  torch::autograd::gatherTorchFunctions_0(functions);
  torch::autograd::gatherTorchFunctions_1(functions);
  torch::autograd::gatherTorchFunctions_2(functions);
  functions.push_back({nullptr, nullptr, 0, nullptr});
  TorchFunctionsClass.tp_flags = Py_TPFLAGS_DEFAULT;
  TorchFunctionsClass.tp_methods = functions.data();
  if (PyType_Ready(&TorchFunctionsClass) < 0)
    return false;
  Py_INCREF(&TorchFunctionsClass);
  return PyModule_AddObject(
             module, "torch",
             reinterpret_cast<PyObject *>(&TorchFunctionsClass)) == 0;
}

// methods: {name: descriptor} of the generated Tensor methods, bound to
// torch._C._TensorBase, the type torch's own methods are defined on; the
// descriptors take any torch.Tensor as self.
bool addMethods(PyObject *module) {
  PyObject *torchC = PyImport_ImportModule("torch._C");
  if (!torchC)
    return false;
  PyObject *tensorBase = PyObject_GetAttrString(torchC, "_TensorBase");
  Py_DECREF(torchC);
  if (!tensorBase)
    return false;
  PyObject *methods = PyDict_New();
  for (PyMethodDef *def = torch::autograd::variable_methods; def->ml_name;
       ++def) {
    if (def->ml_flags & (METH_CLASS | METH_STATIC))
      continue;
    PyObject *descriptor =
        PyDescr_NewMethod(reinterpret_cast<PyTypeObject *>(tensorBase), def);
    if (!descriptor || PyDict_SetItemString(methods, def->ml_name, descriptor))
      return false;
    Py_DECREF(descriptor);
  }
  Py_DECREF(tensorBase);
  return PyModule_AddObject(module, "methods", methods) == 0;
}

} // namespace

PyMODINIT_FUNC PyInit__gradgen_bindings() {
  PyObject *module = PyModule_Create(&moduleDef);
  if (!module)
    return nullptr;
  if (!addTorchFunctions(module) || !addMethods(module))
    return nullptr;
  // Each adds torch._C's submodule of its own: _nn, _fft, ... and
  // _return_types (the named tuples the generated functions return).
  try {
    torch::autograd::initNNFunctions(module);
    torch::autograd::initFFTFunctions(module);
    torch::autograd::initLinalgFunctions(module);
    torch::autograd::initNestedFunctions(module);
    torch::autograd::initSparseFunctions(module);
    torch::autograd::initSpecialFunctions(module);
    torch::autograd::initReturnTypes(module);
  } catch (...) {
    // python_error: the Python exception is set.
    if (!PyErr_Occurred())
      PyErr_SetString(PyExc_ImportError, "a generated init function threw");
    return nullptr;
  }
  return module;
}
