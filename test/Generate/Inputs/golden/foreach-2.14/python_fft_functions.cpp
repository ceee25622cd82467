// @generated from ../tools/autograd/templates/python_fft_functions.cpp
// The torch.fft functions of examples/basic's operators.

#include "torch/csrc/utils/python_arg_parser.h"



namespace torch { namespace autograd {



static PyMethodDef fft_functions[] = {

  {nullptr}
};



}} // namespace torch::autograd
