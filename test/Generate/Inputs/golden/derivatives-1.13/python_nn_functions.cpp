// @generated from ../tools/autograd/templates/python_nn_functions.cpp
// The torch.nn functions of examples/basic's operators.

#include "torch/csrc/utils/python_arg_parser.h"



namespace torch { namespace autograd {



static PyMethodDef nn_functions[] = {

  {nullptr}
};



}} // namespace torch::autograd
